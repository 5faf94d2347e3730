import { wireFault } from './wire.js';

export const adminClose = wireFault({
  name: 'admin.close',
  marksPeerDown: true,
  summary: 'The admin server closes the connection without sending a byte, once it has read the request: 502, and nginx logs "upstream prematurely closed connection while reading response header from upstream"; a GET is tried on the other loopback first, a POST is not.',
  // A close once the request is read is a FIN; with request bytes unread it would be a reset.
  action: () => ({ stage: 'answer', answers: 'wire', answer: (x) => void x.requestRead().then(() => x.socket.destroy()) }),
});
