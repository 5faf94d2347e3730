// A worker process: one server per listen address of the conf, accepting on the sockets the
// master sends it (nginx's workers inherit the master's), and the faults the master can ask of it.
import net from 'node:net';
import { loadConf } from './load.js';
import { WorkerContext, type ResolvedHosts } from './context.js';
import { ClientConnection } from './http/connection.js';
import { staticHandler } from './static.js';
import { proxyHandler } from './upstream.js';
import { osProfile, type OsName } from '../os-profile.js';
import { flushLogs } from '../logs/writer.js';
import { bindAddress, type WorkerEnv, type MasterToWorker, type WorkerToMaster } from './protocol.js';

export function runWorker(): void {
  const env = JSON.parse(process.env.HARNESS_WORKER!) as WorkerEnv;
  // A master that is gone (a stack stopped while this worker booted) is no error: the callback
  // takes the closed channel's error, and 'disconnect' below ends the worker.
  const send = (m: WorkerToMaster) => process.send?.(m, undefined, undefined, () => undefined);
  if (env.failStart) {
    // A respawn that fails: the new worker dies during its start handshake, as Windows nginx's can.
    process.exit(env.failStart);
  }
  const conf = loadConf({ prefix: env.prefix, conf: env.conf });
  const ctx = new WorkerContext({
    conf,
    os: osProfile(env.os as OsName, { refusedConnectDelayMs: env.refusedConnectDelayMs }),
    version: env.version,
    resolved: env.resolved as ResolvedHosts,
  });
  const handlers = { static: staticHandler, proxy: proxyHandler };
  const listens = new Map(conf.servers.flatMap((s) => s.listens).map((l) => [`${bindAddress(l.host, env.bindAny)}:${l.port}`, l]));
  let listening = 0;
  process.on('message', (m: MasterToWorker, handle?: unknown) => {
    if (m.type === 'crash') {
      // A crash on demand comes after the lines of the requests answered so far, as nginx's would.
      flushLogs();
      if (m.signal) process.kill(process.pid, m.signal);
      else process.exit(m.code ?? 1);
      return;
    }
    const listen = listens.get(m.key);
    if (!listen || !handle) return;
    const server = net.createServer({ noDelay: true }, (socket) => new ClientConnection(socket, ctx, listen, handlers));
    server.on('error', (e) => {
      send({ type: 'listen-error', message: e.message });
      process.exit(2);
    });
    server.listen(handle as net.Server, () => {
      if (++listening === m.count) send({ type: 'ready' });
    });
  });
  send({ type: 'booted' });
  // Workers leave when the master does: its channel closes with it.
  process.on('disconnect', () => process.exit(0));
}
