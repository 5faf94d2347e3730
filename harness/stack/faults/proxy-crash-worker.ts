import { FaultError, requireProxy, type Fault } from './fault.js';
import { crashRequest, CrashRequestError } from '../../proxy/crash.js';

/** How long a crashed worker may take to be gone (SIGQUIT lets its connections finish first). */
const EXIT_TIMEOUT_MS = 10_000;

export const proxyCrashWorker: Fault = {
  name: 'proxy.crash-worker',
  summary: 'One proxy worker dies (SIGSEGV by default; a signal name, or an exit code: 0-255 on linux, an NTSTATUS such as C0000005 under the Windows profile); the master logs it and respawns it.',
  arg: { name: 'signal-or-code', required: false },
  async apply(stack, arg) {
    const proxy = requireProxy(stack);
    let asked;
    try {
      asked = crashRequest(stack.spec.os, arg === undefined ? {} : /^SIG/i.test(arg) ? { signal: arg } : { code: arg });
    } catch (e) {
      if (e instanceof CrashRequestError) throw new FaultError(`proxy.crash-worker: ${e.message}`);
      throw e;
    }
    const pid = await proxy.crashWorker(arg === undefined ? {} : asked.signal ? { signal: asked.signal } : { code: arg });
    // "applied" means the worker is gone (the embedded master answers once it has reaped it).
    for (const until = Date.now() + EXIT_TIMEOUT_MS; (await proxy.workers()).includes(pid); ) {
      if (Date.now() > until) throw new FaultError(`proxy.crash-worker: worker process ${pid} has not exited after ${EXIT_TIMEOUT_MS / 1000} s`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return undefined;
  },
};
