import { requireProxy, type Fault } from './fault.js';
import { t } from '../i18n/index.js';

export const proxyFailRespawn: Fault = {
  name: 'proxy.fail-respawn',
  summary: t('fault.proxy.fail-respawn.summary'),
  params: [],
  async apply(target) {
    const proxy = requireProxy(target);
    await proxy.failRespawns(true);
    return { undo: () => proxy.restore() };
  },
};
