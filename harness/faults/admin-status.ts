import { wireFault } from './wire.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'The admin server answers CODE as it would of its own accord: Spring Boot\'s error JSON ({"timestamp":…,"status":500,"error":"Internal Server Error","path":…}) for a 500 and other codes, an empty 401 or 503; nginx passes it on and logs nothing.',
    brief: 'The admin server answers CODE as it would of its own accord',
    code: 'the HTTP status it answers',
  },
  'zh-CN': {
    summary: '后端服务像自己出错时那样返回 CODE：500 和其他状态码是 Spring Boot 的错误 JSON（{"timestamp":…,"status":500,"error":"Internal Server Error","path":…}），401 和 503 是空的；nginx 原样转发，不记录日志。',
    brief: '后端服务像自己出错时那样返回 CODE',
    code: '返回的 HTTP 状态码',
  },
});

export const adminStatus = wireFault({
  name: 'admin.status',
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  params: [{ name: 'code', type: 'integer', min: 400, max: 599, required: true, placeholder: 'CODE', describe: t('code'), example: '500' }],
  action: (v) => ({ stage: 'answer', answers: 'http', answer: (x) => x.answerStatus(v.code as number) }),
});
