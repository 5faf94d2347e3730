// The words several modules of scenarios/ say, in English and Simplified Chinese.
import { messages } from '../harness/i18n/index.js';

export const scenarioText = messages({
  en: {
    'scenario.common.loginInBrowser': 'log in in the browser',
    'scenario.common.loginAgain': 'log out, and log in again',
    'scenario.common.allSucceed': 'every request succeeds',
  },
  'zh-CN': {
    'scenario.common.loginInBrowser': '在浏览器里登录',
    'scenario.common.loginAgain': '退出登录，再登录一次',
    'scenario.common.allSucceed': '每个请求都成功',
  },
});
