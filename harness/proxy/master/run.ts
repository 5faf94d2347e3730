// `harness proxy` (and `node dist/harness/proxy/main.js`): a master in this process, in the
// foreground, as `nginx -g 'daemon off;'` runs, with the control channel the harness's faults come
// through, until SIGTERM/SIGINT/SIGQUIT or a start failure.
import { Master, type MasterOptions } from './master.js';
import { StartupError } from './errors.js';
import { startControl } from './control.js';

export interface RunOptions extends MasterOptions {
  /** Where to write the control channel's address and token (no channel without it). */
  controlFile?: string;
}

/** The process's exit code: 0 after a stop (or a successful `-t`), 1 when the start failed. */
export async function runMaster(opts: RunOptions): Promise<number> {
  const master = new Master(opts);
  try {
    await master.start();
  } catch (e) {
    if (e instanceof StartupError) return 1;
    throw e;
  }
  if (opts.test) return 0;
  master.spawnSpare();
  const control = opts.controlFile ? await startControl(master, opts.controlFile) : undefined;
  return new Promise((resolve) => {
    const stop = async (signal: NodeJS.Signals) => {
      await control?.close();
      await master.stop(signal);
      resolve(0);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    process.once('SIGQUIT', stop);
  });
}
