// The stub admin front end: the login page, the employee list (enable/disable with its confirmation)
// and the add/edit employee form of the real Vue app (project-rjwm-admin-vue-ts), with the same
// visible texts and validation messages, in plain DOM code. One thing the real app does not have: a
// persistent banner for failed HTTP requests.
import {
  request, setRequestHooks, describeFailure, getCookie, setCookie, removeCookie, clearAuthCookies, getUserInfo,
} from './api.js';

const WHAT = {
  login: { zh: '登录请求', en: 'Login request' },
  page: { zh: '员工列表请求', en: 'Employee list request' },
  logout: { zh: '退出登录请求', en: 'Logout request' },
  status: { zh: '账号状态修改请求', en: 'Account status request' },
  save: { zh: '保存员工请求', en: 'Save employee request' },
  load: { zh: '员工信息请求', en: 'Employee request' },
};

/** The route titles the real router's afterEach puts in document.title. */
const TITLES = { '/login': '瑞吉外卖', '/employee': '员工管理', '/employee/add': '添加员工' };

const appRoot = document.getElementById('app');

// ---------------------------------------------------------------------------------------------
// Small DOM helper: h('tag.class', { attr: value, onclick: fn }, ...children)

function h(spec, attrs = {}, ...children) {
  const [tag, ...classes] = spec.split('.');
  const el = document.createElement(tag);
  if (classes.length) el.className = classes.join(' ');
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else if (key === 'value') el.value = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// ---------------------------------------------------------------------------------------------
// Toasts, like Element UI's Message: top centre, role="alert", gone after 3 s.

const toastBox = h('div.toasts');
document.body.append(toastBox);

function toast(message, type = 'error') {
  const el = h(`div.el-message.el-message--${type}`, { role: 'alert', 'data-testid': 'toast', 'data-type': type },
    h('i.el-message__icon', { 'aria-hidden': 'true' }, type === 'error' ? '✕' : type === 'success' ? '✓' : 'i'),
    h('p.el-message__content', {}, message));
  toastBox.append(el);
  setTimeout(() => {
    el.classList.add('leaving');
    setTimeout(() => el.remove(), 300);
  }, 3000);
}

// ---------------------------------------------------------------------------------------------
// The HTTP error banner: stays until the next request that gets a usable answer.

let banner = null;

function placeToasts() {
  toastBox.style.top = `${(banner ? banner.offsetHeight : 0) + 20}px`;
}

function showBanner(error, what) {
  const d = describeFailure(error, what);
  const seconds = (error.elapsedMs / 1000).toFixed(1);
  const time = new Date().toLocaleTimeString('zh-CN', { hour12: false });
  const el = h('div.http-error', {
    role: 'alert', 'data-testid': 'http-error', 'data-kind': error.kind, 'data-status': error.status,
    'data-elapsed-ms': Math.round(error.elapsedMs), 'data-request': `${error.method} ${error.url}`,
  },
  h('div.http-error__icon', { 'aria-hidden': 'true' }),
  h('div.http-error__body', {},
    h('p.http-error__zh', {}, d.zh),
    h('p.http-error__en', {}, d.en),
    d.hint && h('p.http-error__hint', {}, d.hint.zh, h('br'), d.hint.en),
    h('p.http-error__meta', {},
      h('code', {}, `${error.method} ${error.url}`), ' · ',
      h('span', { 'data-testid': 'http-error-elapsed' }, `耗时 ${seconds} s`), ` (took ${seconds} s) · ${time}`)),
  h('button.http-error__close', { type: 'button', 'aria-label': '关闭', title: '关闭', onclick: clearBanner }));
  if (banner) banner.replaceWith(el);
  else document.body.prepend(el);
  banner = el;
  placeToasts();
}

function clearBanner() {
  if (!banner) return;
  banner.remove();
  banner = null;
  placeToasts();
}

setRequestHooks({
  onSuccess: clearBanner,
  onFailure: showBanner,
  // Like the real interceptor: 401 → /login. We also drop the token, or the route guard would send
  // us straight back. A 401 proves the proxy and the admin server answer, so an old banner goes too.
  onUnauthorized: () => {
    clearBanner();
    removeCookie('token');
    go('/login');
  },
});

// ---------------------------------------------------------------------------------------------
// Hash router with the real guard (src/permission.ts): no `token` cookie → /login.

/** Bumped on every render, so an answer that arrives after the page changed is dropped. */
let viewId = 0;

function currentPath() {
  const path = location.hash.replace(/^#/, '').split('?')[0];
  return path || '/';
}

function currentQuery() {
  return new URLSearchParams(location.hash.split('?')[1] ?? '');
}

function go(path) {
  if (location.hash.replace(/^#/, '') === path) render();
  else location.hash = '#' + path;
}

function redirect(path) {
  location.replace('#' + path); // fires hashchange → render
}

function render() {
  const path = currentPath();
  if (path === '/login') return show(path, loginView());
  if (!getCookie('token')) return redirect('/login');
  if (path === '/employee') return show(path, employeeView());
  if (path === '/employee/add') return show(path, employeeFormView(currentQuery().get('id')));
  // The real app sends / to /dashboard and unknown paths to /404; the stub has only the employee pages.
  return redirect('/employee');
}

function show(path, view) {
  document.title = TITLES[path];
  appRoot.replaceChildren(view);
}

window.addEventListener('hashchange', render);

// ---------------------------------------------------------------------------------------------
// Login page (src/views/login/index.vue)

function loginView() {
  const id = ++viewId;
  let loading = false;

  const username = h('input.el-input__inner', {
    type: 'text', placeholder: '账号', autocomplete: 'off', value: 'admin', 'data-testid': 'login-username',
  });
  const password = h('input.el-input__inner', {
    type: 'password', placeholder: '密码', value: '123456', autocomplete: 'current-password', 'data-testid': 'login-password',
  });
  const usernameError = h('div.el-form-item__error', { 'data-testid': 'login-username-error' });
  const passwordError = h('div.el-form-item__error', { 'data-testid': 'login-password-error' });
  const buttonText = h('span', {}, '登录');
  const button = h('button.login-btn', { type: 'button', 'data-testid': 'login-submit' }, buttonText);

  const check = (input, errorEl, message) => {
    const item = input.closest('.el-form-item');
    item.classList.toggle('is-error', Boolean(message));
    errorEl.textContent = message || '';
    input.setAttribute('aria-invalid', message ? 'true' : 'false');
    return !message;
  };
  // The real validators: `!value` (not trimmed) and `value.length < 6`.
  const validateUsername = () => check(username, usernameError, username.value ? '' : '请输入用户名');
  const validatePassword = () => check(password, passwordError, password.value.length < 6 ? '密码必须在6位以上' : '');
  username.addEventListener('blur', validateUsername);
  password.addEventListener('blur', validatePassword);

  const setLoading = (on) => {
    loading = on;
    button.disabled = on;
    button.classList.toggle('is-loading', on);
    buttonText.textContent = on ? '登录中...' : '登录';
  };

  async function handleLogin() {
    if (loading) return;
    const ok = [validateUsername(), validatePassword()].every(Boolean);
    if (!ok) return;
    setLoading(true);
    // UserModule.Login: trim, remember the username, POST {username, password}.
    const name = username.value.trim();
    setCookie('username', name);
    try {
      const res = await request({
        method: 'POST', path: '/employee/login', body: { username: name, password: password.value }, what: WHAT.login,
      });
      if (id !== viewId) return;
      if (String(res.code) === '1' && res.data && res.data.token) {
        setCookie('token', res.data.token);
        setCookie('user_info', res.data);
        go('/employee'); // the real app goes to '/', i.e. the dashboard
      } else {
        toast(res.msg || `登录失败（code ${res.code}）`);
        setLoading(false);
      }
    } catch {
      // The real page only stops loading here; the banner (api.js hooks) says what failed.
      if (id === viewId) setLoading(false);
    }
  }

  button.addEventListener('click', handleLogin);
  password.addEventListener('keyup', (e) => {
    if (e.key === 'Enter') handleLogin();
  });

  return h('div.login', {},
    h('div.login-box', {},
      h('div.login-l', { 'aria-hidden': 'true' },
        h('div.login-l__brand', {}, '瑞吉外卖'),
        h('div.login-l__sub', {}, '管理端')),
      h('div.login-form', {},
        h('form.el-form', { novalidate: true, onsubmit: (e) => e.preventDefault() },
          h('div.login-form-title', { 'aria-hidden': 'true' }, h('span.logo-mark', {}, '瑞'), h('span.logo-text', {}, '瑞吉外卖')),
          h('div.el-form-item', {}, h('span.input-icon.icon-user', { 'aria-hidden': 'true' }), username, usernameError),
          h('div.el-form-item', {}, h('span.input-icon.icon-lock', { 'aria-hidden': 'true' }), password, passwordError),
          h('div.el-form-item', {}, button)))));
}

// ---------------------------------------------------------------------------------------------
// Employee list (src/views/employee/index.vue) inside the layout (sidebar + navbar)

const PAGE_SIZES = [10, 20, 30, 40];
/** Element UI's pager shows at most 7 page numbers, with "…" jumps of 5 pages. */
const PAGER_COUNT = 7;

function employeeView() {
  const id = ++viewId;
  const state = {
    input: '', page: 1, pageSize: 10, counts: 0, tableData: [], loaded: false, failed: false, isSearch: false, seq: 0,
  };

  // --- search bar
  const search = h('input.el-input__inner', {
    id: 'employee-search', type: 'text', placeholder: '请输入员工姓名', autocomplete: 'off', 'data-testid': 'employee-search',
  });
  const clear = h('button.search__clear', { type: 'button', 'aria-label': '清空', title: '清空', hidden: true }, '×');
  search.addEventListener('input', () => {
    state.input = search.value;
    clear.hidden = !search.value;
  });
  // The real page: Enter → page 1 and reload; 查询 → reload marked as a search (it keeps the current
  // page there; we go back to page 1, since page 5 of a filtered list is rarely what anyone wants).
  search.addEventListener('keyup', (e) => {
    if (e.key === 'Enter') {
      state.page = 1;
      init(false);
    }
  });
  clear.addEventListener('click', () => { // el-input `clearable @clear="init"`
    search.value = '';
    state.input = '';
    clear.hidden = true;
    search.focus();
    state.page = 1;
    init(false);
  });
  const searchButton = h('button.el-button.normal-btn', { type: 'button', 'data-testid': 'employee-search-button' }, '查询');
  searchButton.addEventListener('click', () => {
    state.page = 1;
    init(true);
  });
  const addButton = h('button.el-button.el-button--primary.add-btn', {
    type: 'button', 'data-testid': 'employee-add', onclick: () => go('/employee/add'),
  }, '+ 添加员工');

  /** statusHandle: confirm, then POST /employee/status/{0|1}?id=; any HTTP 200 is success. */
  async function statusHandle(row) {
    if (!(await confirmBox('确认调整该账号的状态?'))) return;
    try {
      await request({ method: 'POST', path: `/employee/status/${String(row.status) === '0' ? 1 : 0}`, params: { id: row.id }, what: WHAT.status });
      toast('账号状态更改成功！', 'success');
      init(state.isSearch);
    } catch (err) {
      toast('请求出错了：' + err.message);
    }
  }

  // --- table / empty state
  const body = h('div.table-area');

  // --- pagination
  const pagination = h('div.el-pagination', { 'data-testid': 'pagination' });

  function renderTable() {
    if (!state.loaded) {
      body.replaceChildren(state.failed
        ? h('div.table-loading.is-failed', { 'data-testid': 'employee-load-failed' }, '员工列表加载失败')
        : h('div.table-loading', { 'data-testid': 'employee-loading' }, '加载中…'));
      return;
    }
    if (!state.tableData.length) {
      // The real page shows its Empty component instead of the table.
      body.replaceChildren(h('div.empty-box', { 'data-testid': 'employee-empty' },
        h('div.empty-box__img', { 'aria-hidden': 'true' }),
        h('p.empty-box__title', {}, '暂无数据'),
        h('p.empty-box__text', {}, state.isSearch ? 'Sorry，木有找到您搜索的内容哦~' : '这里空空如也~')));
      return;
    }
    const headers = ['员工姓名', '账号', '手机号', '账号状态', '最后操作时间', '操作'];
    const rows = state.tableData.map((row) => {
      const isAdmin = row.username === 'admin';
      const disabledStatus = String(row.status) === '0';
      return h('tr', { 'data-testid': 'employee-row', 'data-id': row.id },
        h('td', {}, row.name),
        h('td', {}, row.username),
        h('td', {}, row.phone),
        h('td', {}, h(`span.tableColumn-status${disabledStatus ? '.stop-use' : ''}`, {}, disabledStatus ? '禁用' : '启用')),
        h('td', {}, row.updateTime),
        h('td.col-actions', {},
          h(`button.text-btn.blueBug${isAdmin ? '.disabled-text' : ''}`, {
            type: 'button', disabled: isAdmin, 'data-testid': 'employee-edit', onclick: () => go(`/employee/add?id=${row.id}`),
          }, '修改'),
          h(`button.text-btn${isAdmin ? '.disabled-text' : ''}${row.status == '0' ? '.blueBug' : '.delBut'}`, {
            type: 'button', disabled: isAdmin, 'data-testid': 'employee-status', onclick: () => statusHandle(row),
          }, row.status == '1' ? '禁用' : '启用')));
    });
    body.replaceChildren(h('table.el-table', { 'data-testid': 'employee-table' },
      h('thead', {}, h('tr', {}, headers.map((text) => h('th', { scope: 'col' }, text)))),
      h('tbody', {}, rows)));
  }

  function pageCount() {
    return Math.max(1, Math.ceil(state.counts / state.pageSize));
  }

  function setPage(p) {
    const page = Math.min(Math.max(1, Math.floor(Number(p)) || 1), pageCount());
    if (page === state.page) {
      renderPagination();
      return;
    }
    state.page = page;
    init(false);
  }

  /** Element UI's pager: 1, a window around the current page, the last page, "…" in between. */
  function pagerItems() {
    const count = pageCount();
    const current = state.page;
    const half = (PAGER_COUNT - 1) / 2;
    let prevMore = false;
    let nextMore = false;
    if (count > PAGER_COUNT) {
      prevMore = current > PAGER_COUNT - half;
      nextMore = current < count - half;
    }
    const middle = [];
    if (prevMore && !nextMore) {
      for (let i = count - (PAGER_COUNT - 2); i < count; i++) middle.push(i);
    } else if (!prevMore && nextMore) {
      for (let i = 2; i < PAGER_COUNT; i++) middle.push(i);
    } else if (prevMore && nextMore) {
      const offset = Math.floor(PAGER_COUNT / 2) - 1;
      for (let i = current - offset; i <= current + offset; i++) middle.push(i);
    } else {
      for (let i = 2; i < count; i++) middle.push(i);
    }
    return [1, prevMore && 'prev-more', ...middle, nextMore && 'next-more', count > 1 && count].filter(Boolean);
  }

  function renderPagination() {
    const count = pageCount();
    const sizes = h('select.page-size', { 'data-testid': 'page-size', 'aria-label': '每页条数' },
      PAGE_SIZES.map((n) => h('option', { value: n, selected: n === state.pageSize }, `${n}条/页`)));
    sizes.addEventListener('change', () => {
      state.pageSize = Number(sizes.value);
      // The real page reloads with the current page (and Element then clamps it to the new page
      // count); the stub goes back to page 1 on a size change.
      state.page = 1;
      init(false);
    });
    const prev = h('button.btn-prev', {
      type: 'button', 'aria-label': '上一页', 'data-testid': 'page-prev', disabled: state.page <= 1,
    }, '‹');
    prev.addEventListener('click', () => setPage(state.page - 1));
    const next = h('button.btn-next', {
      type: 'button', 'aria-label': '下一页', 'data-testid': 'page-next', disabled: state.page >= count,
    }, '›');
    next.addEventListener('click', () => setPage(state.page + 1));
    const pager = h('ul.el-pager', { 'data-testid': 'pager' }, pagerItems().map((item) => {
      if (item === 'prev-more' || item === 'next-more') {
        const jump = item === 'prev-more' ? -(PAGER_COUNT - 2) : PAGER_COUNT - 2;
        return h(`li.more.${item === 'prev-more' ? 'btn-quickprev' : 'btn-quicknext'}`, {
          role: 'button', tabindex: 0, 'aria-label': item === 'prev-more' ? `向前 ${-jump} 页` : `向后 ${jump} 页`,
          onclick: () => setPage(state.page + jump), onkeydown: (e) => e.key === 'Enter' && setPage(state.page + jump),
        }, '…');
      }
      const active = item === state.page;
      return h(`li.number${active ? '.active' : ''}`, {
        role: 'button', tabindex: 0, 'aria-current': active ? 'page' : undefined, 'data-testid': 'page-number',
        onclick: () => setPage(item), onkeydown: (e) => e.key === 'Enter' && setPage(item),
      }, item);
    }));
    const jumper = h('input.el-pagination__editor', {
      type: 'number', min: 1, max: count, value: state.page, 'aria-label': '前往页码', 'data-testid': 'page-jump',
    });
    jumper.addEventListener('change', () => setPage(jumper.value));
    jumper.addEventListener('keyup', (e) => {
      if (e.key === 'Enter') setPage(jumper.value);
    });
    pagination.replaceChildren(
      h('span.el-pagination__total', { 'data-testid': 'pagination-total' }, `共 ${state.counts} 条`),
      h('span.el-pagination__sizes', {}, sizes),
      prev, pager, next,
      h('span.el-pagination__jump', {}, '前往', jumper, '页'));
  }

  /** GET /api/employee/page?page=&pageSize=[&name=]: the real init(), keeping only the newest answer. */
  async function init(isSearch) {
    state.isSearch = Boolean(isSearch);
    const seq = ++state.seq;
    renderPagination();
    try {
      const res = await request({
        method: 'GET', path: '/employee/page', what: WHAT.page,
        params: { page: state.page, pageSize: state.pageSize, name: state.input ? state.input : undefined },
      });
      if (id !== viewId || seq !== state.seq) return;
      if (String(res.code) === '1') {
        state.tableData = (res.data && res.data.records) || [];
        state.counts = Number(res.data && res.data.total) || 0;
        state.loaded = true;
        // Element's pagination clamps a current page past the end and asks again.
        if (state.page > pageCount()) {
          state.page = pageCount();
          init(state.isSearch);
          return;
        }
      } else {
        toast(res.msg || `请求出错了：code ${res.code}`);
        state.failed = true;
      }
    } catch (err) {
      if (seq !== state.seq) return;
      // The real page's catch (also for a 401, whose redirect has already happened). Rows already
      // shown stay, as there.
      toast('请求出错了：' + err.message);
      if (id !== viewId) return;
      state.failed = true;
    }
    renderTable();
    renderPagination();
  }

  renderTable();
  renderPagination();
  init(false);

  return layout(
    h('div.container', {},
      h('div.tableBar', {},
        h('label', { for: 'employee-search' }, '员工姓名：'),
        h('span.search', {}, search, clear),
        searchButton,
        addButton),
      body,
      pagination));
}

// ---------------------------------------------------------------------------------------------
// The layout (src/layout): the sidebar, the navbar with the user's name and 退出登录, the page.

function layout(page) {
  const info = getUserInfo();
  const displayName = (info && info.name) || getCookie('username') || '';
  const logoutButton = h('button.navbar__logout', { type: 'button', 'data-testid': 'logout' }, '退出登录');
  logoutButton.addEventListener('click', async () => {
    try {
      // UserModule.LogOut: POST, then drop the cookies whatever the answer's code, then /login.
      await request({ method: 'POST', path: '/employee/logout', what: WHAT.logout });
      clearAuthCookies();
      go('/login');
    } catch {
      // 401 was already sent to /login; anything else is on the banner, and we stay logged in.
    }
  });
  return h('div.layout', {},
    h('aside.sidebar', {},
      h('div.sidebar__logo', {}, h('span.logo-mark', {}, '瑞'), h('span.sidebar__title', {}, '瑞吉外卖')),
      h('nav.sidebar__menu', { 'aria-label': '菜单' },
        h('a.sidebar__item.is-active', { href: '#/employee', 'aria-current': 'page' }, '员工管理'))),
    h('div.main', {},
      h('header.navbar', {},
        h('div.navbar__right', {},
          h('span.navbar__user', { 'data-testid': 'user-name' }, displayName),
          logoutButton)),
      h('main.app-main', {}, page)));
}

// ---------------------------------------------------------------------------------------------
// Element UI's MessageBox.confirm: resolves true on 确定, false on 取消, the close button or Escape.

function confirmBox(message, title = '提示') {
  return new Promise((resolve) => {
    const close = (answer) => {
      document.removeEventListener('keydown', onKey);
      wrapper.remove();
      resolve(answer);
    };
    const onKey = (e) => e.key === 'Escape' && close(false);
    const cancel = h('button.el-button', { type: 'button', 'data-testid': 'confirm-cancel', onclick: () => close(false) }, '取消');
    const ok = h('button.el-button.el-button--primary', { type: 'button', 'data-testid': 'confirm-ok', onclick: () => close(true) }, '确定');
    const wrapper = h('div.el-message-box__wrapper', {},
      h('div.el-message-box', { role: 'dialog', 'aria-modal': 'true', 'aria-label': title, 'data-testid': 'confirm' },
        h('div.el-message-box__header', {},
          h('span.el-message-box__title', {}, title),
          h('button.el-message-box__headerbtn', { type: 'button', 'aria-label': '关闭', onclick: () => close(false) }, '×')),
        h('div.el-message-box__content', {}, h('span.el-message-box__status', { 'aria-hidden': 'true' }, '!'), h('p', {}, message)),
        h('div.el-message-box__btns', {}, cancel, ok)));
    document.addEventListener('keydown', onKey);
    document.body.append(wrapper);
    ok.focus();
  });
}

// ---------------------------------------------------------------------------------------------
// 添加员工 / 修改员工信息 (src/views/employee/addEmployee.vue, route /employee/add[?id=N])

/** The form's rules, with the real messages: account 3–20 lowercase letters or digits, a mainland
 *  mobile number, a 15- or 18-character ID number. */
const EMPLOYEE_RULES = {
  username: (v) => (!v ? '请输入账号' : /^([a-z]|[0-9]){3,20}$/.test(v) ? '' : '账号输入不符，请输入3-20个字符'),
  name: (v) => (!v ? '请输入员工姓名' : ''),
  phone: (v) => (!v ? '请输入手机号' : /^1(3|4|5|6|7|8)\d{9}$/.test(v) ? '' : '请输入正确的手机号!'),
  idNumber: (v) => (!v ? '请输入身份证号码' : /(^\d{15}$)|(^\d{18}$)|(^\d{17}(\d|X|x)$)/.test(v) ? '' : '身份证号码不正确'),
};

function employeeFormView(editId) {
  const id = ++viewId;
  const editing = Boolean(editId);
  const title = editing ? '修改员工信息' : '添加员工';
  /** What GET /employee/{id} answered: the real form posts the whole record back. */
  let loaded = {};

  const field = (key, label, placeholder, maxlength) => {
    const input = h('input.el-input__inner', { id: `employee-${key}`, type: 'text', placeholder, maxlength, autocomplete: 'off', 'data-testid': `employee-${key}` });
    const error = h('div.el-form-item__error', { 'data-testid': `employee-${key}-error` });
    const item = h('div.el-form-item', {},
      h('label.el-form-item__label', { for: `employee-${key}` }, label),
      h('div.el-form-item__content', {}, input, error));
    const validate = () => {
      const message = EMPLOYEE_RULES[key](input.value);
      item.classList.toggle('is-error', Boolean(message));
      error.textContent = message;
      input.setAttribute('aria-invalid', message ? 'true' : 'false');
      return !message;
    };
    input.addEventListener('blur', validate);
    return { key, input, item, validate };
  };
  const fields = [field('username', '账号:', '请输入账号', 20), field('name', '员工姓名:', '请输入员工姓名', 12), field('phone', '手机号:', '请输入手机号', 11)];
  const idNumber = field('idNumber', '身份证号:', '请输入身份证号', 20);
  const sexRadio = (label) => h('label.el-radio', {},
    h('input', { type: 'radio', name: 'employee-sex', value: label, checked: label === '男', 'data-testid': `employee-sex-${label}` }), h('span', {}, label));
  const sexItem = h('div.el-form-item', { role: 'radiogroup', 'aria-label': '性别' },
    h('span.el-form-item__label', {}, '性别:'), h('div.el-form-item__content', {}, sexRadio('男'), sexRadio('女')));
  const sex = () => sexItem.querySelector('input:checked')?.value ?? '男';
  const setSex = (label) => sexItem.querySelectorAll('input').forEach((r) => (r.checked = r.value === label));

  const reset = () => {
    for (const f of [...fields, idNumber]) {
      f.input.value = '';
      f.item.classList.remove('is-error');
    }
    setSex('男');
  };

  let saving = false;
  async function submit(andContinue) {
    if (saving) return;
    const valid = [...fields, idNumber].map((f) => f.validate()).every(Boolean);
    if (!valid) return;
    saving = true;
    const values = Object.fromEntries([...fields, idNumber].map((f) => [f.key, f.input.value]));
    // sex 男/女 → "1"/"0", as the real submitForm maps it; an edit posts the loaded record back.
    const body = { ...(editing ? loaded : {}), ...values, sex: sex() === '女' ? '0' : '1' };
    try {
      const res = await request({ method: editing ? 'PUT' : 'POST', path: '/employee', body, what: WHAT.save });
      if (id !== viewId) return;
      if (res.code === 1) {
        toast(editing ? '员工信息修改成功！' : '员工添加成功！', 'success');
        if (andContinue) reset();
        else go('/employee');
      } else {
        toast(res.msg);
      }
    } catch (err) {
      toast('请求出错了：' + err.message);
    } finally {
      saving = false;
    }
  }

  if (editing) {
    request({ method: 'GET', path: `/employee/${encodeURIComponent(editId)}`, what: WHAT.load }).then((res) => {
      if (id !== viewId) return;
      if (String(res.code) !== '1') return toast(res.msg);
      loaded = res.data;
      for (const f of [...fields, idNumber]) f.input.value = res.data[f.key] ?? '';
      setSex(res.data.sex === '0' ? '女' : '男');
    }, (err) => toast('请求出错了：' + err.message));
  }

  const cancel = h('button.el-button', { type: 'button', 'data-testid': 'employee-cancel', onclick: () => go('/employee') }, '取消');
  const save = h('button.el-button.el-button--primary', { type: 'button', 'data-testid': 'employee-save', onclick: () => submit(false) }, '保存');
  const again = !editing && h('button.el-button.el-button--primary.continue', { type: 'button', 'data-testid': 'employee-save-continue', onclick: () => submit(true) }, '保存并继续添加');

  return layout(
    h('div.addBrand-container', {},
      h('div.HeadLable', {},
        h('button.goBack', { type: 'button', onclick: () => go('/employee'), 'aria-label': '返回' }, '‹ 返回'),
        h('h2.HeadLable__title', { 'data-testid': 'employee-form-title' }, title)),
      h('div.container', {},
        h('form.el-form.employee-form', { novalidate: true, onsubmit: (e) => e.preventDefault(), 'data-testid': 'employee-form' },
          ...fields.map((f) => f.item), sexItem, idNumber.item,
          h('div.subBox', {}, cancel, save, again)))));
}

render();
