import { FaultError, requireProxy, type Fault } from './fault.js';
import { crashRequest, CrashRequestError } from '../crash.js';

export const proxyCrashWorker: Fault = {
  name: 'proxy.crash-worker',
  summary: 'One proxy worker dies (SIGSEGV by default; a signal name, or an exit code: 0-255 on linux, an NTSTATUS such as C0000005 under the Windows profile); the master logs it and respawns it.',
  params: [
    { name: 'signal-or-code', type: 'text', placeholder: 'SIGNAL|CODE', describe: 'how the worker ends: a signal name (SIGSEGV, SIGKILL...), or an exit code (0-255 on linux, an NTSTATUS such as C0000005 under the Windows profile)', example: 'SIGKILL' },
  ],
  async apply(target, values) {
    const proxy = requireProxy(target);
    const arg = values['signal-or-code'] as string | undefined;
    let asked;
    try {
      asked = crashRequest(target.spec.os, arg === undefined ? {} : /^SIG/i.test(arg) ? { signal: arg } : { code: arg });
    } catch (e) {
      if (e instanceof CrashRequestError) throw new FaultError(`proxy.crash-worker: ${e.message}`);
      throw e;
    }
    // Resolves once the worker is gone: "applied" means it has exited.
    await proxy.crashWorker(arg === undefined ? {} : asked.signal ? { signal: asked.signal } : { code: arg });
    return {};
  },
};
