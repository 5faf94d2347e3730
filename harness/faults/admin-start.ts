import type { Fault } from './fault.js';
import { listenAs } from './admin-listen.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'The admin server listens again on both loopbacks (after admin.stop, or a stack started with --admin down).',
    brief: 'The admin server listens again on both loopbacks (after admin.stop, or --admin down)',
  },
  'zh-CN': {
    summary: '后端服务重新在两个回环地址上监听（用在 admin.stop 之后，或者用 --admin down 启动的环境）。',
    brief: '后端服务重新在两个回环地址上监听（用在 admin.stop 之后，或者用 --admin down 启动的环境）',
  },
});

export const adminStart: Fault = {
  name: 'admin.start',
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  params: [],
  apply: (target) => listenAs(target, 'dual'),
};
