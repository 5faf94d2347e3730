// `harness check-server HOST:PORT`: a user's own admin server set against the course's (check-server/).
import type { Argv } from 'yargs';
import * as flag from '../flags.js';
import { jsonOption } from './options.js';
import { guard } from './guard.js';
import type { Args } from './command.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    'cli.checkServer.server': 'Where your server listens: HOST:PORT (127.0.0.1:8081, [::1]:8081) or a port alone (on 127.0.0.1)',
    'cli.checkServer.yes': 'Send the requests that add, change and delete rows (run it on a freshly loaded sky.sql)',
  },
  'zh-CN': {
    'cli.checkServer.server': '你的服务监听的地址：HOST:PORT（127.0.0.1:8081、[::1]:8081），或者只写端口（在 127.0.0.1 上）',
    'cli.checkServer.yes': '发送会新增、修改和删除数据的请求（请在刚导入 sky.sql 的数据库上运行）',
  },
});

export const builder = (y: Argv) =>
  y
    .positional('server', { demandOption: true, coerce: flag.hostAndPort('HOST:PORT'), describe: t('cli.checkServer.server') })
    .option('yes', { type: 'boolean', default: false, describe: t('cli.checkServer.yes') })
    .option('json', jsonOption());

export const handler = (a: Args<typeof builder>) =>
  guard(async () => {
    // Lazy: loaded only by this command (undici and the comparison).
    const { checkServerCommand } = await import('../check-server/command.js');
    return checkServerCommand({ target: a.server as { host: string; port: number }, yes: a.yes, json: a.json }, process.stdout);
  });
