import { wireFault } from './wire.js';

export const adminReset = wireFault({
  name: 'admin.reset',
  marksPeerDown: true,
  summary: 'The admin server resets the connection (RST) once it has read the request: 502, and nginx logs "recv() failed (104: Connection reset by peer) while reading response header from upstream" (Windows: WSARecv() 10054); a GET is tried on the other loopback first, a POST is not.',
  action: () => ({ stage: 'answer', answers: 'wire', answer: (x) => void x.requestRead().then(() => x.socket.resetAndDestroy()) }),
});
