// The login page (src/views/login/index.vue): admin / 123456 prefilled, the real validation
// messages, 登录中... while the request runs.
import { request, setCookie } from './api.js';
import { h, toast } from './dom.js';
import { go, nextView, isCurrent } from './router.js';
import { closeReminders } from './reminders.js';

const LOGIN = { zh: '登录请求', en: 'Login request' };

export function loginView() {
  closeReminders();
  const id = nextView();
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
        method: 'POST', path: '/employee/login', body: { username: name, password: password.value }, what: LOGIN,
      });
      if (!isCurrent(id)) return;
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
      if (isCurrent(id)) setLoading(false);
    }
  }

  button.addEventListener('click', handleLogin);
  password.addEventListener('keyup', (e) => {
    if (e.key === 'Enter') handleLogin();
  });

  return h('div.login', {},
    h('div.login-box', {},
      h('div.login-l', { 'aria-hidden': 'true' },
        h('div.login-l__brand', {}, '苍穹外卖'),
        h('div.login-l__sub', {}, '管理端')),
      h('div.login-form', {},
        h('form.el-form', { novalidate: true, onsubmit: (e) => e.preventDefault() },
          h('div.login-form-title', { 'aria-hidden': 'true' }, h('span.logo-mark', {}, '苍'), h('span.logo-text', {}, '苍穹外卖')),
          h('div.el-form-item', {}, h('span.input-icon.icon-user', { 'aria-hidden': 'true' }), username, usernameError),
          h('div.el-form-item', {}, h('span.input-icon.icon-lock', { 'aria-hidden': 'true' }), password, passwordError),
          h('div.el-form-item', {}, button)))));
}
