// A worker process: one server per listen address of the conf, accepting on the sockets the
// master sends it (nginx's workers inherit the master's), the faults the master can ask of it,
// and nginx's worker signals: TERM/INT end it at once, QUIT after its connections (exit code 0).
import type net from 'node:net';
import { constants } from 'node:os';
import { confPath } from '../nginx-conf/load.js';
import type { ListenConf } from '../nginx-conf/model.js';
import { flushLogs } from '../logs/writer.js';
import { acceptOn, workerContext } from './serve.js';
import type { Handlers } from './request.js';
import { SPARE_TITLE, WORKER_TITLE, type WorkerEnv, type MasterToWorker, type WorkerToMaster } from './protocol.js';

/** Serves as the master says, with the request's handlers (serve.ts: workerHandlers(), loaded before: see worker-main.ts). */
export function runWorker(env: WorkerEnv, handlers: Handlers): void {
  // A master that is gone (a stack stopped while this worker booted) is no error: the callback
  // takes the closed channel's error, and 'disconnect' below ends the worker.
  const send = (m: WorkerToMaster) => process.send?.(m, undefined, undefined, () => undefined);
  /** Tells the master why this worker cannot serve, then exits 2: nginx's "fatal, do not respawn". */
  const fatal = (m: WorkerToMaster) => (process.send ? process.send(m, undefined, undefined, () => process.exit(2)) : process.exit(2));
  if (env.failStart) {
    // A respawn that fails: the new worker dies during its start handshake, as Windows nginx's can.
    process.exit(env.failStart);
  }
  const { ctx, listens } = workerContext(env);
  const os = ctx.os;
  const servers: net.Server[] = [];
  let spare = env.spare;
  let listening = 0;

  // The spare is no nginx process: it leaves no line in nginx's log.
  const notice = (message: string) => spare || ctx.errorLog.write('notice', { message });
  /** ngx_worker_process_exit(): "exit", then exit code 0. */
  const exit = () => {
    notice('exit');
    flushLogs();
    process.exit(0);
  };
  const terminate = () => {
    notice('exiting');
    exit();
  };
  /**
   * ngx_quit: stop accepting, close the idle connections at once, let the busy ones finish (their
   * answers say `Connection: close`), then exit.
   */
  const shutDown = () => {
    if (ctx.exiting) return;
    notice('gracefully shutting down');
    ctx.exiting = true;
    process.title = 'nginx: worker process is shutting down';
    let open = servers.length;
    if (!open) terminate();
    for (const s of servers) s.close(() => --open || terminate());
    ctx.slots.closeIdle();
  };
  // ngx_signal_handler(): Node cannot tell who sent a signal, so the line is nginx's form without
  // "from <pid>". Windows has no signals: its workers are told by events, and log no such line.
  const onSignal = (signal: NodeJS.Signals, then: () => void, action: string) =>
    process.on(signal, () => {
      if (os.name === 'linux') notice(`signal ${constants.signals[signal]} (${signal}) received, ${action}`);
      then();
    });
  onSignal('SIGTERM', terminate, 'exiting');
  onSignal('SIGINT', terminate, 'exiting');
  onSignal('SIGQUIT', shutDown, 'shutting down');

  /** The master's sockets as they come over the channel, until the last. */
  const given: { key: string; listen: ListenConf; handle: net.Server }[] = [];
  /** One server per socket, accepting from then on. */
  const accept = (key: string, listen: ListenConf, handle: net.Server, count: number) => {
    const server = acceptOn(() => ctx, listen, handlers);
    servers.push(server);
    // The master logs it as nginx's listen() failure.
    server.on('error', (e: NodeJS.ErrnoException) => fatal({ type: 'listen-error', key, code: e.code ?? 'EADDRINUSE' }));
    server.listen(handle, () => {
      if (++listening === count) send({ type: 'ready' });
    });
  };

  process.on('message', (m: MasterToWorker, handle?: unknown) => {
    if (m.type === 'crash') {
      // A crash on demand comes after the lines of the requests answered so far, as nginx's would.
      flushLogs();
      if (m.signal) process.kill(process.pid, m.signal);
      else process.exit(m.code ?? 1);
      return;
    }
    if (m.type === 'terminate') return terminate();
    if (m.type === 'quit') return shutDown();
    if (m.type !== 'listen') return;
    const listen = listens.get(m.key);
    // The conf was read after the master's and says other listens: it changed on disk meanwhile.
    if (!listen) return fatal({ type: 'unknown-socket', key: m.key, conf: confPath(env) });
    if (!handle) return;
    // Every socket starts accepting in the same turn, once the last has come (nginx's workers have
    // them all from the fork on): one that accepted as soon as its own message came would take,
    // and number, new connections while one waiting in another's backlog since before waits on.
    given.push({ key: m.key, listen, handle: handle as net.Server });
    if (given.length < m.count) return;
    spare = false;
    process.title = WORKER_TITLE;
    for (const g of given.splice(0)) accept(g.key, g.listen, g.handle, m.count);
  });
  if (spare) process.title = SPARE_TITLE;
  send({ type: 'booted' });
  // Workers leave when the master does: its channel closes with it.
  process.on('disconnect', () => process.exit(0));
}

