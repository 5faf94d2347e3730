// Entry of a worker process: forked by the master with its job in HARNESS_WORKER, or pre-booted by
// the CLI (preboot.ts), which loads the modules first and takes its job from the master's first
// message. The title is set before the modules load (~35 ms), so that `ps` never shows a bare node process.
import { PREBOOT_TITLE, SPARE_BOOTING_TITLE, WORKER_TITLE, type MasterToWorker, type WorkerEnv } from './protocol.js';

// A daemon's stderr is a pipe its command closes once it serves (master/daemon.ts): a worker's
// write to it then (a warning) is dropped, not an uncaught EPIPE.
process.stderr.on('error', () => undefined);

/** The worker's code, and the request's handlers built from the modules' runtimes. */
function loadWorker() {
  return Promise.all([import('./worker.js').then((w) => w.runWorker), import('./serve.js').then((s) => s.workerHandlers())]);
}

const given = process.env.HARNESS_WORKER;
if (given) {
  const env = JSON.parse(given) as WorkerEnv;
  process.title = env.spare ? SPARE_BOOTING_TITLE : WORKER_TITLE;
  const [runWorker, handlers] = await loadWorker();
  runWorker(env, handlers);
} else {
  process.title = PREBOOT_TITLE;
  // Not adopted: the CLI has gone, or said it needs no worker.
  process.on('disconnect', () => process.exit(0));
  const [runWorker, handlers] = await loadWorker();
  // Messages wait in the channel until there is a listener: the master's `listen` ones, which come
  // right after `configure`, reach runWorker's own listener, set up before this one returns.
  process.once('message', (m: MasterToWorker) => {
    if (m.type !== 'configure') throw new Error(`a pre-booted worker's first message is its conf, not ${m.type}`);
    process.title = WORKER_TITLE;
    runWorker(m.env, handlers);
  });
}
