import { wireFault } from './wire.js';

export const adminTruncate = wireFault({
  name: 'admin.truncate',
  summary: 'The admin server sends its answer\'s head with the whole body\'s Content-Length, then only BYTES of the body, then closes: the browser gets 200 and a body cut short, and nginx logs "upstream prematurely closed connection while reading upstream".',
  params: [{ name: 'bytes', type: 'integer', min: 0, max: 1_073_741_824, required: true, placeholder: 'BYTES', describe: 'how many bytes of the body it sends before it closes', example: '10' }],
  action: (v) => ({
    stage: 'shape',
    kind: 'truncate',
    shape(plan) {
      plan.body = plan.body.subarray(0, v.bytes as number);
      plan.contentLength = 'whole';
      plan.end = 'close';
    },
  }),
});
