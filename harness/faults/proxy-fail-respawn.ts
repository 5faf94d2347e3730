import { requireProxy, type Fault } from './fault.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'Every worker respawn fails until `harness chaos restore` ("could not respawn worker"): after the next crash the proxy has no worker (Linux: clients hang; Windows: refused).',
    brief: 'Every worker respawn fails until `harness chaos restore`',
  },
  'zh-CN': {
    summary: '在 `harness chaos restore` 之前，每次重新拉起 worker 都失败（"could not respawn worker"）：下一次崩溃后反向代理没有 worker（Linux：客户端一直等；Windows：连接被拒绝）。',
    brief: '在 `harness chaos restore` 之前，每次重新拉起 worker 都失败',
  },
});

export const proxyFailRespawn: Fault = {
  name: 'proxy.fail-respawn',
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  params: [],
  async apply(target) {
    const proxy = requireProxy(target);
    await proxy.failRespawns(true);
    return { undo: () => proxy.restore() };
  },
};
