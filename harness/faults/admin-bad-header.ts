import { wireFault } from './wire.js';

/** A status line nginx accepts, then a header whose name has a space, which nginx refuses. */
export const BAD_HEADER_ANSWER = 'HTTP/1.1 200 OK\r\nContent Type: application/json\r\nContent-Length: 2\r\n\r\n{}';

export const adminBadHeader = wireFault({
  name: 'admin.bad-header',
  marksPeerDown: true,
  summary: 'The admin server answers a valid status line, then a header line nginx refuses ("Content Type:", a space in its name): 502, and nginx logs "upstream sent invalid header: "Content\\x20..." while reading response header from upstream"; nginx does not try the other loopback (invalid_header is not in proxy_next_upstream\'s default).',
  action: () => ({ stage: 'answer', answers: 'wire', answer: (x) => void x.requestRead().then(() => x.socket.end(BAD_HEADER_ANSWER, 'latin1')) }),
});
