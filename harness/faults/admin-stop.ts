import type { Fault } from './fault.js';
import { listenAs } from './admin-listen.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'The admin server stops listening on both loopbacks: every /api request is refused, then "no live upstreams".',
    brief: 'The admin server stops listening on both loopbacks',
  },
  'zh-CN': {
    summary: '后端服务在两个回环地址上都停止监听：每个 /api 请求都被拒绝连接，随后是 "no live upstreams"。',
    brief: '后端服务在两个回环地址上都停止监听',
  },
});

export const adminStop: Fault = {
  name: 'admin.stop',
  marksPeerDown: true,
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  params: [],
  apply: (target) => listenAs(target, 'down'),
};
