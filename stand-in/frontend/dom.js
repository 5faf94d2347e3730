// The pieces of Element UI (and the app's Empty) the pages use, in plain DOM code: h() to build
// elements, Message (toast), MessageBox.confirm, Notification (notify) and Dialog.

// ---------------------------------------------------------------------------------------------
// h('tag.class', { attr: value, onclick: fn }, ...children)

export function h(spec, attrs = {}, ...children) {
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

/** The app's Empty component (src/components/Empty), shown instead of an empty table. */
export function empty(isSearch, testid) {
  return h('div.empty-box', { 'data-testid': testid },
    h('div.empty-box__img', { 'aria-hidden': 'true' }),
    h('p.empty-box__title', {}, '暂无数据'),
    h('p.empty-box__text', {}, isSearch ? 'Sorry，木有找到您搜索的内容哦~' : '这里空空如也~'));
}

// ---------------------------------------------------------------------------------------------
// Message: top centre, role="alert", gone after 3 s.

const toastBox = h('div.toasts');
document.body.append(toastBox);

/** Keeps the toasts below the HTTP error banner (`px`: the banner's height, 0 without one). */
export function placeToasts(px) {
  toastBox.style.top = `${px + 20}px`;
}

export function toast(message, type = 'error') {
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
// Notification: top right, stacked; duration 0 (as every notification of the app): it stays until
// closed. `message` is a node or text; `onClick` runs on a click anywhere but the close button.

const notifyBox = h('div.el-notifications', { 'aria-live': 'polite' });
document.body.append(notifyBox);

/** @param {{ title: string, message: Node|string, type?: 'error'|'warning', onClick?: () => void, data?: object }} o */
export function notify(o) {
  const close = h('button.el-notification__closeBtn', { type: 'button', 'aria-label': '关闭', title: '关闭' }, '×');
  const el = h(`div.el-notification${o.type ? `.el-notification--${o.type}` : ''}${o.onClick ? '.is-clickable' : ''}`, {
    role: 'alert', 'data-testid': 'notification', ...o.data,
  },
  o.type && h('i.el-notification__icon', { 'aria-hidden': 'true' }, '!'),
  h('div.el-notification__group', {},
    h('h2.el-notification__title', { 'data-testid': 'notification-title' }, o.title),
    h('div.el-notification__content', { 'data-testid': 'notification-text' }, o.message)),
  close);
  close.addEventListener('click', (e) => {
    e.stopPropagation();
    el.remove();
  });
  if (o.onClick) el.addEventListener('click', o.onClick);
  notifyBox.append(el);
  return el;
}

// ---------------------------------------------------------------------------------------------
// MessageBox.confirm: resolves true on 确定, false on 取消, the close button or Escape.

export function confirmBox(message, title = '提示') {
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
// Dialog: a modal with a title, a body and a footer of buttons; close() removes it. Escape and the
// close button call `onClose` (default: close).

/** @param {{ title: string, body: Node, footer?: Node[], testid: string, width?: string, onClose?: () => void }} o */
export function dialog(o) {
  const onKey = (e) => e.key === 'Escape' && dismiss();
  const close = () => {
    document.removeEventListener('keydown', onKey);
    wrapper.remove();
  };
  const dismiss = () => (o.onClose ? o.onClose() : close());
  const wrapper = h('div.el-dialog__wrapper', {},
    h('div.el-dialog', { role: 'dialog', 'aria-modal': 'true', 'aria-label': o.title, 'data-testid': o.testid, style: o.width && `width: ${o.width}` },
      h('div.el-dialog__header', {},
        h('span.el-dialog__title', {}, o.title),
        h('button.el-dialog__headerbtn', { type: 'button', 'aria-label': '关闭', onclick: dismiss }, '×')),
      h('div.el-dialog__body', {}, o.body),
      o.footer && h('div.el-dialog__footer', {}, o.footer)));
  document.addEventListener('keydown', onKey);
  document.body.append(wrapper);
  return { close, body: o.body };
}
