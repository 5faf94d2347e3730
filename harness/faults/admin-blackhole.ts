import { blackhole } from '../stack/blackhole.js';
import { FaultError, requireAdmin, type Fault } from './fault.js';
import { apiLocation, secondsText } from './stack-conf.js';
import { t } from '../i18n/index.js';

export const adminBlackhole: Fault = {
  name: 'admin.blackhole',
  marksPeerDown: true,
  summary: t('fault.admin.blackhole.summary'),
  params: [],
  effect(target) {
    const connect = apiLocation(target)?.proxyConnectTimeoutMs;
    if (connect === undefined) return t('fault.admin.blackhole.effect');
    return t('fault.admin.blackhole.effectConf', { connect: secondsText(connect), both: secondsText(2 * connect) });
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
      throw new FaultError(t('fault.admin.blackhole.portTaken', { port: admin.port, error: (e as Error).message }));
    }
  },
};
