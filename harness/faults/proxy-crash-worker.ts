import { FaultError, requireProxy, type Fault } from './fault.js';
import { crashRequest, CrashRequestError } from '../crash.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'One proxy worker dies (SIGSEGV by default; a signal name, or an exit code: 0-255 on linux, an NTSTATUS such as C0000005 under the Windows profile); the master logs it and respawns it.',
    brief: 'One proxy worker dies (SIGSEGV by default) and the master respawns it',
    'signal-or-code': 'how the worker ends: a signal name (SIGSEGV, SIGKILL...), or an exit code (0-255 on linux, an NTSTATUS such as C0000005 under the Windows profile)',
  },
  'zh-CN': {
    summary: '反向代理的一个 worker 崩溃（默认 SIGSEGV；可给信号名，或退出码：linux 上 0-255，Windows 系统下是 NTSTATUS，例如 C0000005）；master 记录日志并重新拉起它。',
    brief: '反向代理的一个 worker 崩溃（默认 SIGSEGV），master 重新拉起它',
    'signal-or-code': 'worker 怎样结束：信号名（SIGSEGV、SIGKILL……），或退出码（linux 上 0-255，Windows 系统下是 NTSTATUS，例如 C0000005）',
  },
});

export const proxyCrashWorker: Fault = {
  name: 'proxy.crash-worker',
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  params: [
    { name: 'signal-or-code', type: 'text', placeholder: 'SIGNAL|CODE', describe: t('signal-or-code'), example: 'SIGKILL' },
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
