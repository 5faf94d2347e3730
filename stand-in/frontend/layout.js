// The layout (src/layout): the sidebar, the navbar with the user's name and 退出登录, the page. The
// real navbar opens the order reminders' WebSocket when it is created and closes it when it is
// destroyed: here, when the first page inside the layout shows and when the login page does.
import { request, clearAuthCookies, getCookie, getUserInfo } from './api.js';
import { h } from './dom.js';
import { go } from './router.js';
import { openReminders } from './reminders.js';

const LOGOUT = { zh: '退出登录请求', en: 'Logout request' };

/** The menu of the stub: the course's order, its two pages that the stub has. */
const MENU = [
  ['/order', '订单管理'],
  ['/employee', '员工管理'],
];

/** `page` inside the layout, `active` the menu item it belongs to. */
export function layout(page, active) {
  openReminders();
  const info = getUserInfo();
  const displayName = (info && info.name) || getCookie('username') || '';
  const logoutButton = h('button.navbar__logout', { type: 'button', 'data-testid': 'logout' }, '退出登录');
  logoutButton.addEventListener('click', async () => {
    try {
      // UserModule.LogOut: POST, then drop the cookies whatever the answer's code, then /login.
      await request({ method: 'POST', path: '/employee/logout', what: LOGOUT });
      clearAuthCookies();
      go('/login');
    } catch {
      // 401 was already sent to /login; anything else is on the banner, and we stay logged in.
    }
  });
  return h('div.layout', {},
    h('aside.sidebar', {},
      h('div.sidebar__logo', {}, h('span.logo-mark', {}, '苍'), h('span.sidebar__title', {}, '苍穹外卖')),
      h('nav.sidebar__menu', { 'aria-label': '菜单' },
        MENU.map(([path, label]) => h(`a.sidebar__item${path === active ? '.is-active' : ''}`, {
          href: `#${path}`, 'aria-current': path === active ? 'page' : undefined,
        }, label)))),
    h('div.main', {},
      h('header.navbar', {},
        h('div.navbar__right', {},
          h('span.navbar__user', { 'data-testid': 'user-name' }, displayName),
          logoutButton)),
      h('main.app-main', {}, page)));
}
