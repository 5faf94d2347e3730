import { FaultError, requireProxy, type Fault } from './fault.js';
import { crashRequest, CrashRequestError } from '../crash.js';
import { t } from '../i18n/index.js';

export const proxyCrashWorker: Fault = {
  name: 'proxy.crash-worker',
  summary: t('fault.proxy.crash-worker.summary'),
  params: [
    { name: 'signal-or-code', type: 'text', placeholder: 'SIGNAL|CODE', describe: t('fault.proxy.crash-worker.signal-or-code'), example: 'SIGKILL' },
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
