// The words cli.ts says, in English and Simplified Chinese: in a file of their own, since cli.ts
// runs the CLI as it loads (tests/unit/texts.spec.ts loads this one).
import { messages } from './i18n/index.js';

export const t = messages({
  en: {
    'cli.root.describe': 'The sky-take-out admin stack on one machine, its nginx failures on demand, and your nginx logs explained.',
    'cli.root.demand': 'Name a command: up, ps, logs, down, proxy, chaos, app, doctor, check-server or setup.',
    'cli.lang': 'Language of the messages: en or zh-CN (default: your locale, LANG or the Windows UI language)',
    'common.usage': 'usage: {usage}   (--help lists every option)',
  },
  'zh-CN': {
    'cli.root.describe': '在一台机器上跑起苍穹外卖的管理端，按需重现 nginx 的各种故障，并解释你的 nginx 日志。',
    'cli.root.demand': '请给出一个命令：up、ps、logs、down、proxy、chaos、app、doctor、check-server 或 setup。',
    'cli.lang': '消息的语言：en 或 zh-CN（默认取你的区域设置：LANG，或 Windows 的界面语言）',
    'common.usage': '用法：{usage}   （--help 列出全部选项）',
  },
});
