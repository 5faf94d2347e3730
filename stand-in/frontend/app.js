// The stub admin front end of 苍穹外卖: the login page, 订单管理 (the orders, their details and
// actions, and the 来单提醒 / 催单 notifications over the WebSocket) and 员工管理 (the list and its
// add/edit form) of the real Vue app (project-rjwm-admin-vue-ts), with the same visible texts and
// the same calls, in plain DOM code. One thing the real app does not have: a persistent banner for a
// failed HTTP request, that says who answered it (banner.js). This file routes.
import { setRequestHooks, getCookie, removeCookie } from './api.js';
import { showBanner, clearBanner } from './banner.js';
import { currentPath, currentQuery, go, redirect } from './router.js';
import { loginView } from './login.js';
import { employeeView, employeeFormView } from './employees.js';
import { orderView } from './orders.js';

/** The route titles the real router's afterEach puts in document.title. */
const TITLES = { '/login': '苍穹外卖', '/order': '订单管理', '/employee': '员工管理', '/employee/add': '添加员工' };

const appRoot = document.getElementById('app');

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

/** The real guard (src/permission.ts): no `token` cookie → /login. */
function render() {
  const path = currentPath();
  if (path === '/login') return show(path, loginView());
  if (!getCookie('token')) return redirect('/login');
  if (path === '/order') return show(path, orderView(currentQuery()));
  if (path === '/employee') return show(path, employeeView());
  if (path === '/employee/add') return show(path, employeeFormView(currentQuery().get('id')));
  // The real app sends / to /dashboard and unknown paths to /404; the stub has no dashboard.
  return redirect('/employee');
}

function show(path, view) {
  document.title = TITLES[path];
  appRoot.replaceChildren(view);
}

window.addEventListener('hashchange', render);
render();
