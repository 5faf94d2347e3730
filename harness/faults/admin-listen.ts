import { LISTEN_MODES, type ListenMode } from '../../stand-in/admin-server/listen-modes.js';
import { requireAdmin, type AppliedFault, type Fault, type FaultTarget } from './fault.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'The admin server listens on one family only (ipv4: 127.0.0.1, ipv6: ::1), both (dual), or none (down): nginx logs a refusal for the other.',
    brief: 'The admin server listens on one family only (ipv4, ipv6), both (dual), or none (down)',
    mode: 'where the admin server listens',
  },
  'zh-CN': {
    summary: '后端服务只监听一种地址（ipv4：127.0.0.1，ipv6：::1），或两种都监听（dual），或都不监听（down）：nginx 会为另一种地址记一条连接被拒绝。',
    brief: '后端服务只监听一种地址（ipv4、ipv6），或两种都监听（dual），或都不监听（down）',
    mode: '后端服务监听在哪里',
  },
});

export const adminListen: Fault = {
  name: 'admin.listen',
  marksPeerDown: true,
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  params: [{ name: 'mode', type: 'choice', values: LISTEN_MODES, required: true, placeholder: 'MODE', describe: t('mode'), example: 'ipv4' }],
  apply: (target, values) => listenAs(target, values.mode as ListenMode),
};

/** The stand-in listens as `mode` until the fault is restored (admin.listen, admin.start, admin.stop). */
export async function listenAs(target: FaultTarget, mode: ListenMode): Promise<AppliedFault> {
  const admin = requireAdmin(target);
  const before = admin.mode;
  await admin.setMode(mode);
  return { undo: () => admin.setMode(before) };
}
