import { requireProxy, type Fault } from './fault.js';

export const proxyCrashWorker: Fault = {
  name: 'proxy.crash-worker',
  summary: 'One proxy worker dies (SIGSEGV by default; a signal name, or an exit code such as C0000005 under the Windows profile); the master logs it and respawns it.',
  arg: { name: 'signal-or-code', required: false },
  async apply(stack, arg) {
    const proxy = requireProxy(stack);
    if (arg === undefined) await proxy.crashWorker();
    else if (/^SIG[A-Z0-9]+$/.test(arg)) await proxy.crashWorker({ signal: arg as NodeJS.Signals });
    else await proxy.crashWorker({ code: arg });
    return undefined;
  },
};
