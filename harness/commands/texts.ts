// What several commands say: a command's line of help that its group lists too, and the --prefix of
// a command that acts on the running stack.
import { messages } from '../i18n/index.js';

export const commandText = messages({
  en: {
    'cli.prefix.running': 'The folder of the running stack',
    'cli.prefix.stack': 'The folder of the stack',
    'cli.doctor.describe': "Explain a log: nginx's error.log (Windows or Linux; its access.log with --access) or your admin server's Spring Boot log: incidents, their cause and the fix",
  },
  'zh-CN': {
    'cli.prefix.running': '正在运行的那套环境所在的目录',
    'cli.prefix.stack': '这套环境所在的目录',
    'cli.doctor.describe': '解释一份日志：nginx 的 error.log（Windows 或 Linux；用 --access 加上它的 access.log），或你自己后端服务的 Spring Boot 日志：有哪些事件，各自的原因和怎么办',
  },
});
