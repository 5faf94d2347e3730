// The admin server (the upstream) in a process of its own, so it does not share an event loop with
// the benchmark or the load generator: `node dist/bench/admin.js <port>`. The project's AdminStandIn
// in dual mode (both loopbacks) with its request journal off, which would otherwise keep every one
// of a benchmark's millions of requests. Prints "listening <port>"; leaves on SIGTERM/SIGINT or
// when the benchmark that started it is gone.
import { AdminStandIn } from '../stand-in/admin-server/server.js';

const server = new AdminStandIn({ port: Number(process.argv[2] ?? 0), mode: 'dual', recordJournal: false });
try {
  await server.start();
} catch (e) {
  process.stderr.write(`${(e as Error).message}\n`);
  process.exit(1);
}
process.stdout.write(`listening ${server.port}\n`);
const stop = () => void server.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
setInterval(() => {
  if (process.ppid === 1) stop();
}, 1000).unref();
