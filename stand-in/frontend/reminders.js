// The order reminders, as the course's navbar receives them (Navbar webSocket()): one WebSocket to
// `/ws/<random id>` on the page's own host and port (the course's bundle writes the host localhost,
// port 80, into its JavaScript; the stub dials wherever it was loaded from, through the proxy's
// `location /ws/`). The admin server pushes `{"orderId":…,"type":1|2,"content":"订单号：…"}`:
// type 1 来单提醒 and type 2 客户催单 each show a notification that stays until closed, with a chime
// (sound.js); a click on it opens that order's details in 订单管理. A socket that fails shows the course's
// persistent 错误 / 服务器错误，无法接收实时报警信息. No reconnect, as in the course.
import { h, notify } from './dom.js';
import { chime } from './sound.js';
import { go } from './router.js';

let socket = null;

/** The socket's state for the tests and for a developer's eye: on #app, `data-socket`. */
function mark(state) {
  document.getElementById('app').dataset.socket = state;
}

export function openReminders() {
  if (socket) return;
  const sid = Math.random().toString(36).substr(2);
  socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/${sid}`);
  mark('connecting');
  socket.onopen = () => mark('open');
  socket.onclose = () => mark('closed');
  socket.onerror = () => {
    notify({ title: '错误', message: '服务器错误，无法接收实时报警信息', type: 'error', data: { 'data-kind': 'socket-error' } });
  };
  socket.onmessage = (m) => show(m.data);
}

/** The layout is gone (the login page): the socket closes, as the navbar's destroyed() closes it. */
export function closeReminders() {
  if (!socket) return;
  socket.onclose = null;
  socket.onerror = null;
  socket.close();
  socket = null;
  mark('closed');
}

/** One pushed message. The course's page parses it with JSON.parse and throws on anything else
 *  (the course server's 5-second text): here the console says so and nothing shows. */
function show(text) {
  let message;
  try {
    message = JSON.parse(text);
  } catch {
    console.warn(`订单提醒：服务端推送的消息不是 JSON，已忽略：${text}`);
    return;
  }
  if (!message || typeof message !== 'object') return;
  const played = chime(message.type);
  const blue = (words) => h('span.msg-link', {}, words);
  const note = notify({
    title: message.type === 1 ? '待接单' : '催单',
    message: message.type === 1
      ? h('span', {}, '您有1个', blue('订单待处理'), `,${message.content},请及时接单`)
      : h('span', {}, String(message.content), blue('去处理')),
    data: { 'data-kind': `type-${message.type}`, 'data-order-id': message.orderId, 'data-chime': played ? `type-${message.type}` : 'none' },
    // The course's onClick: router.push('/order?orderId=…'), then a reload 100 ms later, which
    // mounts the order page again with the order's details. The stub's router shows the page again
    // without the reload (that would also close the socket and the other notifications); the
    // notification clicked goes.
    onClick: () => {
      note.remove();
      go(`/order?orderId=${message.orderId}`);
    },
  });
}
