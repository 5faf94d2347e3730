// The words wire.ts says, in English and Simplified Chinese.
import { messages } from '../i18n/index.js';

export const t = messages({
  en: {
    'fault.wire.path': 'the requests it acts on, by their path at the admin server',
    'fault.wire.times': 'how many of the matching requests it acts on (the first ones)',
    'fault.wire.rate': 'the share of the matching requests it acts on, drawn at random',
    'fault.wire.seed': 'the seed of its random draws (--rate, --jitter): the same seed repeats a run exactly',
    'fault.wire.noPathMatch': '--path {path} matches none of the admin server\'s paths ({resources}): it acts on nothing until a request for such a path comes. The paths start with /admin/ (the proxy\'s /api/ is the admin server\'s /admin/).',
    'fault.wire.adminDown': 'the admin server is not listening now (admin.stop): the fault acts once it listens again (admin.start).',
    'fault.wire.actedOn': 'acted on {what}',
    'fault.wire.timesOf': '{applied} of {times} requests',
    'fault.wire.usedUp': ' (used up)',
    'fault.wire.oneRequest': '{applied} request',
    'fault.wire.requests': '{applied} requests',
    'fault.wire.matched': ', {matched} matched',
    'fault.wire.matchedPath': ', {matched} matched its --path',
    'fault.wire.seedWas': '; seed {seed}',
    'fault.wire.repeatSeed': ' (repeat it with --seed {seed})',
  },
  'zh-CN': {
    'fault.wire.path': '作用于哪些请求，按它们在后端服务上的路径',
    'fault.wire.times': '作用于多少个匹配的请求（最先来的几个）',
    'fault.wire.rate': '随机作用于匹配请求中的多大比例',
    'fault.wire.seed': '随机数的种子（--rate、--jitter）：同一个种子能完全重现一次运行',
    'fault.wire.noPathMatch': '--path {path} 不匹配后端服务的任何路径（{resources}）：在这样路径的请求到来之前，它什么也不做。这些路径以 /admin/ 开头（反向代理的 /api/ 就是后端服务的 /admin/）。',
    'fault.wire.adminDown': '后端服务现在没有监听（admin.stop）：等它重新监听（admin.start）后故障才生效。',
    'fault.wire.actedOn': '已作用于 {what}',
    'fault.wire.timesOf': '{times} 个请求中的 {applied} 个',
    'fault.wire.usedUp': '（已用完）',
    'fault.wire.oneRequest': '{applied} 个请求',
    'fault.wire.requests': '{applied} 个请求',
    'fault.wire.matched': '，匹配了 {matched} 个',
    'fault.wire.matchedPath': '，{matched} 个匹配它的 --path',
    'fault.wire.seedWas': '；种子 {seed}',
    'fault.wire.repeatSeed': '（用 --seed {seed} 可以重现）',
  },
});
