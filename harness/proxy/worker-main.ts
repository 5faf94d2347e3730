// Entry of a worker process (forked by the master). Its title is set before the modules load, so
// that `ps` never shows a spare as just another node process.
import { SPARE_BOOTING_TITLE, WORKER_TITLE, type WorkerEnv } from './protocol.js';

process.title = (JSON.parse(process.env.HARNESS_WORKER!) as WorkerEnv).spare ? SPARE_BOOTING_TITLE : WORKER_TITLE;
const { runWorker } = await import('./worker.js');
runWorker();
