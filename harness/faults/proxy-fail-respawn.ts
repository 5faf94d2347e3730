import { requireProxy, type Fault } from './fault.js';

export const proxyFailRespawn: Fault = {
  name: 'proxy.fail-respawn',
  summary: 'Every worker respawn fails until `harness chaos restore` ("could not respawn worker"): after the next crash the proxy has no worker (Linux: clients hang; Windows: refused).',
  params: [],
  async apply(target) {
    const proxy = requireProxy(target);
    await proxy.failRespawns(true);
    return { undo: () => proxy.restore() };
  },
};
