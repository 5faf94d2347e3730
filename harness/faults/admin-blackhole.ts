import { blackhole } from '../stack/blackhole.js';
import { FaultError, requireAdmin, type Fault } from './fault.js';
import { apiLocation, secondsText } from './stack-conf.js';

export const adminBlackhole: Fault = {
  name: 'admin.blackhole',
  marksPeerDown: true,
  summary: 'Connection attempts to the admin server\'s port get no answer at all (a firewall dropping packets, a paused VM): nginx waits proxy_connect_timeout on each loopback, then 504 and "upstream timed out (110: Connection timed out) while connecting to upstream".',
  params: [],
  effect(target) {
    const connect = apiLocation(target)?.proxyConnectTimeoutMs;
    if (connect === undefined) return 'Connection attempts to the admin server now get no answer: nginx answers 504 once proxy_connect_timeout has passed on each loopback.';
    return `Connection attempts to the admin server now get no answer and this stack's proxy_connect_timeout for /api/ is ${secondsText(connect)}: /api requests get 504 Gateway Time-out after ${secondsText(2 * connect)} (a POST too: nothing was sent), then 502 at once for fail_timeout (10 s).`;
  },
  async apply(target) {
    const admin = requireAdmin(target);
    const mode = admin.mode;
    await admin.setMode('down');
    try {
      const hole = await blackhole(admin.port);
      return {
        async undo() {
          await hole.close();
          await admin.setMode(mode);
        },
      };
    } catch (e) {
      await admin.setMode(mode);
      throw new FaultError(`admin.blackhole could not take port ${admin.port}: ${(e as Error).message}`);
    }
  },
};
