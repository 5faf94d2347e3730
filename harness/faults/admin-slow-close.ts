import { wireFault } from './wire.js';

export const adminSlowClose = wireFault({
  name: 'admin.slow-close',
  summary: 'The admin server sends its answer without a Content-Length and closes the connection MS after the last byte (toxiproxy\'s slow_close): nginx and the browser wait that long for the answer\'s end; nothing is logged.',
  params: [{ name: 'ms', type: 'integer', min: 0, max: 3_600_000, required: true, placeholder: 'MS', describe: 'how long after its last byte the connection closes, in milliseconds', example: '2000' }],
  action: (v) => ({
    stage: 'shape',
    kind: 'end',
    shape(plan) {
      // Delimited by the close (as Tomcat sends a streamed answer to nginx's HTTP/1.0), unless a cut fixed its length.
      if (plan.contentLength === 'keep') plan.contentLength = 'none';
      plan.endAfterMs += v.ms as number;
    },
  }),
});
