// One embedded worker in this process, as harness/embedded/worker.ts makes it, on the bench's
// default conf, for walk.ts to step through under the inspector. It loads the engine from the dist
// folder it is given (this checkout's, or another build's), and says `ready` once it listens.
//   node --inspect=127.0.0.1:I dist/bench/walk-worker.js <dist> <proxy port> <upstream port> <prefix>
import net from 'node:net';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const [dist, port, upstreamPort, prefix] = process.argv.slice(2);
// Another build's modules have no types here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const load = (file: string): Promise<any> => import(pathToFileURL(join(dist, file)).href);

const { renderFor } = await load('bench/engines.js');
const { preparePrefix } = await load('harness/stack/prefix.js');
const { loadConf } = await load('harness/nginx-conf/load.js');
const { allLocations } = await load('harness/nginx-conf/model.js');
const { WorkerContext, LOCALHOST } = await load('harness/embedded/context.js');
const { ClientConnection } = await load('harness/embedded/connection.js');
const { osProfile } = await load('harness/os-profile.js');
const { SharedCounterFile } = await load('harness/embedded/connection-counter.js');
// The handlers as the worker gives them to its connections: serve.ts's (built once the modules'
// runtimes load, or at its load in builds before), or worker.ts's in builds before it (and before
// WORKER_HANDLERS: assembled as their worker.ts did).
const serve = await load('harness/embedded/serve.js').catch(() => ({}));
const handlers = (await serve.workerHandlers?.()) ?? serve.WORKER_HANDLERS ?? (await load('harness/embedded/worker.js')).WORKER_HANDLERS ?? {
  static: (await load('harness/embedded/handlers/static.js')).staticHandler,
  proxy: (await load('harness/embedded/handlers/proxy.js')).proxyHandler,
  tryFiles: (await load('harness/embedded/phases/try-files.js')).tryFilesPhase,
  special: (await load('harness/embedded/handlers/special.js')).specialResponse,
  headerFilters: (await load('harness/embedded/filters/filters.js')).HEADER_FILTERS,
  phases: (await load('harness/embedded/phases/phases.js')).PHASES,
  log: (await load('harness/embedded/phases/log.js')).writeAccessLogs,
};

preparePrefix({ prefix, conf: { text: await renderFor({ port: Number(port), adminPort: Number(upstreamPort), workers: 1, conf: 'default' }) } });
// What the conf's loader takes from the engine, in builds that have a module list (and the variables it gives, in those that have them).
const engine = await load('harness/embedded/modules.js').then((m) => m.ENGINE_CONF ?? { modules: m.CONF_MODULES }, () => ({}));
const conf = loadConf({ prefix, conf: 'conf/nginx.conf', ...engine });
const roots = [...new Set(allLocations(conf).map((l: { root: string }) => l.root))];
const counter = new SharedCounterFile();
const ctx = new WorkerContext({ conf, os: osProfile('linux', { roots }), version: '1.22.1', resolved: { localhost: LOCALHOST }, connectionCounter: counter.path, bindAny: false });
const listen = conf.servers[0].listens[0];
net.createServer({ noDelay: true }, (socket) => new ClientConnection(socket, ctx, listen, handlers)).listen(Number(port), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => {
  counter.remove();
  process.exit(0);
});
