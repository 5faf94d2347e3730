// Entry of a worker process (forked by the master through Node's cluster).
import { runWorker } from './worker.js';

runWorker();
