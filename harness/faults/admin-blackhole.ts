import { blackhole } from '../stack/blackhole.js';
import { FaultError, requireAdmin, type Fault } from './fault.js';
import { apiLocation, secondsText } from './stack-conf.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'Connection attempts to the admin server\'s port get no answer at all (a firewall dropping packets, a paused VM): nginx waits proxy_connect_timeout on each loopback, then 504 and "upstream timed out (110: Connection timed out) while connecting to upstream".',
    brief: 'Connection attempts to the admin server\'s port get no answer (a firewall dropping packets)',
    effect: 'Connection attempts to the admin server now get no answer: nginx answers 504 once proxy_connect_timeout has passed on each loopback.',
    effectConf: 'Connection attempts to the admin server now get no answer and this stack\'s proxy_connect_timeout for /api/ is {connect}: /api requests get 504 Gateway Time-out after {both} (a POST too: nothing was sent), then 502 at once for fail_timeout (10 s).',
    portTaken: 'admin.blackhole could not take port {port}: {error}',
  },
  'zh-CN': {
    summary: '连接后端服务端口时完全没有回应（防火墙丢包、虚拟机被暂停）：nginx 在每个回环地址上等待 proxy_connect_timeout，然后返回 504，并记录 "upstream timed out (110: Connection timed out) while connecting to upstream"。',
    brief: '连接后端服务端口时完全没有回应（防火墙丢包）',
    effect: '现在连接后端服务没有任何回应：每个回环地址都等过 proxy_connect_timeout 后，nginx 返回 504。',
    effectConf: '现在连接后端服务没有任何回应，这个环境的 /api/ 的 proxy_connect_timeout 是 {connect}：/api 请求在 {both} 后得到 504 Gateway Time-out（POST 也一样：请求还没发出去），之后在 fail_timeout（10 秒）内直接返回 502。',
    portTaken: 'admin.blackhole 无法占用端口 {port}：{error}',
  },
});

export const adminBlackhole: Fault = {
  name: 'admin.blackhole',
  marksPeerDown: true,
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  params: [],
  effect(target) {
    const connect = apiLocation(target)?.proxyConnectTimeoutMs;
    if (connect === undefined) return t('effect');
    return t('effectConf', { connect: secondsText(connect), both: secondsText(2 * connect) });
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
      throw new FaultError(t('portTaken', { port: admin.port, error: (e as Error).message }));
    }
  },
};
