// The pass-through (harness/stack/pass-through.ts) in a process of its own, as `harness up
// --admin-upstream` runs it in the harness's: `node dist/bench/pass-through-process.js <upstreamPort>`
// listens on both loopbacks, forwards to 127.0.0.1:<upstreamPort>, and prints "listening <port>".
import getPort from 'get-port';
import { PassThrough } from '../harness/stack/pass-through.js';

const passThrough = new PassThrough({ port: await getPort(), mode: 'dual', upstream: { host: '127.0.0.1', port: Number(process.argv[2]) }, recordJournal: false });
await passThrough.start();
process.stdout.write(`listening ${passThrough.port}\n`);
