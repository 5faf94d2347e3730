// 员工管理 (src/views/employee/index.vue, route /employee): the list, enable/disable with its
// confirmation, and 添加员工 / 修改员工信息 (addEmployee.vue, route /employee/add[?id=N]), with the real
// pages' visible texts and validation messages.
import { request } from './api.js';
import { h, toast, confirmBox, empty } from './dom.js';
import { go, nextView, isCurrent } from './router.js';
import { layout } from './layout.js';
import { pagination } from './pagination.js';

const WHAT = {
  page: { zh: '员工列表请求', en: 'Employee list request' },
  status: { zh: '账号状态修改请求', en: 'Account status request' },
  save: { zh: '保存员工请求', en: 'Save employee request' },
  load: { zh: '员工信息请求', en: 'Employee request' },
};

export function employeeView() {
  const id = nextView();
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
  const pager = pagination(state, () => init(false));

  function renderTable() {
    if (!state.loaded) {
      body.replaceChildren(state.failed
        ? h('div.table-loading.is-failed', { 'data-testid': 'employee-load-failed' }, '员工列表加载失败')
        : h('div.table-loading', { 'data-testid': 'employee-loading' }, '加载中…'));
      return;
    }
    if (!state.tableData.length) {
      // The real page shows its Empty component instead of the table.
      body.replaceChildren(empty(state.isSearch, 'employee-empty'));
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

  /** GET /api/employee/page?page=&pageSize=[&name=]: the real init(), keeping only the newest answer. */
  async function init(isSearch) {
    state.isSearch = Boolean(isSearch);
    const seq = ++state.seq;
    pager.render();
    try {
      const res = await request({
        method: 'GET', path: '/employee/page', what: WHAT.page,
        params: { page: state.page, pageSize: state.pageSize, name: state.input ? state.input : undefined },
      });
      if (!isCurrent(id) || seq !== state.seq) return;
      if (String(res.code) === '1') {
        state.tableData = (res.data && res.data.records) || [];
        state.counts = Number(res.data && res.data.total) || 0;
        state.loaded = true;
        // Element's pagination clamps a current page past the end and asks again.
        if (state.page > pager.pageCount()) {
          state.page = pager.pageCount();
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
      if (!isCurrent(id)) return;
      state.failed = true;
    }
    renderTable();
    pager.render();
  }

  renderTable();
  pager.render();
  init(false);

  return layout(
    h('div.container', {},
      h('div.tableBar', {},
        h('label', { for: 'employee-search' }, '员工姓名：'),
        h('span.search', {}, search, clear),
        searchButton,
        addButton),
      body,
      pager.el), '/employee');
}

// ---------------------------------------------------------------------------------------------
// 添加员工 / 修改员工信息

/** The form's rules, with the real messages: account 3–20 lowercase letters or digits, a mainland
 *  mobile number, a 15- or 18-character ID number. */
const EMPLOYEE_RULES = {
  username: (v) => (!v ? '请输入账号' : /^([a-z]|[0-9]){3,20}$/.test(v) ? '' : '账号输入不符，请输入3-20个字符'),
  name: (v) => (!v ? '请输入员工姓名' : ''),
  phone: (v) => (!v ? '请输入手机号' : /^1(3|4|5|6|7|8)\d{9}$/.test(v) ? '' : '请输入正确的手机号!'),
  idNumber: (v) => (!v ? '请输入身份证号码' : /(^\d{15}$)|(^\d{18}$)|(^\d{17}(\d|X|x)$)/.test(v) ? '' : '身份证号码不正确'),
};

export function employeeFormView(editId) {
  const id = nextView();
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
      if (!isCurrent(id)) return;
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
      if (!isCurrent(id)) return;
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
          h('div.subBox', {}, cancel, save, again)))), '/employee');
}
