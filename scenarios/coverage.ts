// Which scenarios produce each condition the doctor knows: read from the scenarios' own diagnosis
// expectations (what a run must leave in the logs), per engine and OS profile. A condition no
// scenario produces is listed with the reason it cannot be produced here; the coverage test fails
// on one that has neither.
import { CONDITION_IDS, type ConditionId } from '../harness/doctor/incident.js';
import { SCENARIOS } from './index.js';
import { applies, diagnosisOf, type Scenario } from '../harness/scenario-runner/scenario.js';
import { ENGINES, type EngineName } from '../harness/engine/engine.js';
import { OS_NAMES, type OsName } from '../harness/os-profile.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.unproducible.path-encoding': 'needs nginx on Windows failing on a folder with a non-ASCII name (it opens files through the ANSI code page, GBK on a Chinese Windows, and cannot find them): real nginx here runs on Linux, and the embedded engine\'s Windows profile opens such a path like any other',
    'scenario.unproducible.upstream-unreachable': 'needs a route that fails (113: No route to host, 101: Network is unreachable): whether an address outside this machine gives one, times out or even answers depends on its network (a sandbox\'s answers some); the stack runs on loopback, which always has a route',
    'scenario.unproducible.upstream-check-failed': 'needs tengine, or nginx built with nginx_upstream_check_module, health-checking an upstream: neither engine here has that third-party module',
    'scenario.unproducible.fastcgi-stderr': 'needs a FastCGI application (PHP-FPM) behind fastcgi_pass writing to its stderr: the course\'s stack has none, and the embedded engine has no fastcgi_pass',
    'scenario.unproducible.response-buffered': 'needs an admin answer bigger than nginx\'s in-memory buffers (proxy_buffer_size and proxy_buffers: 36k) read slower than it comes; the admin stand-in\'s answers are all smaller',
    'scenario.unproducible.gateway-error-unlogged': 'needs 502/504 pages of nginx with no error line of theirs in the error log read: every nginx a run starts writes those lines to the one error log the runner reads',
    'scenario.unproducible.unknown': 'a line no condition knows: every line the two engines write is a known one, which the doctor\'s own tests check',
  },
  'zh-CN': {
    'scenario.unproducible.path-encoding': '需要 Windows 上的 nginx 在含非 ASCII 字符的目录上出错（它通过 ANSI 代码页打开文件，中文 Windows 上是 GBK，于是找不到文件）：这里的真实的 nginx 运行在 Linux 上，而内置引擎的 Windows 系统模拟会像打开其他路径一样打开这种路径',
    'scenario.unproducible.upstream-unreachable': '需要一条会失败的路由（113: No route to host，101: Network is unreachable）：本机以外的地址是报这个错、超时还是有响应，取决于所在的网络（沙箱里有的会响应）；环境运行在回环地址上，总是有路由',
    'scenario.unproducible.upstream-check-failed': '需要 tengine，或者编译了 nginx_upstream_check_module 的 nginx 对上游做健康检查：这里的两个引擎都没有这个第三方模块',
    'scenario.unproducible.fastcgi-stderr': '需要 fastcgi_pass 后面有一个向 stderr 写内容的 FastCGI 应用（PHP-FPM）：课程的环境里没有，内置引擎也没有 fastcgi_pass',
    'scenario.unproducible.response-buffered': '需要一个比 nginx 内存缓冲区（proxy_buffer_size 和 proxy_buffers：36k）还大、而且读得比来得慢的后端服务响应；管理端替身服务的响应都比这小',
    'scenario.unproducible.gateway-error-unlogged': '需要 nginx 的 502/504 页面，而读取的 error log 里没有它们对应的错误行：每次运行启动的 nginx 都把这些行写进运行器读取的那一个 error log',
    'scenario.unproducible.unknown': '没有任何问题类型认识的一行：两个引擎写出的每一行都是已知的，doctor 自己的测试会检查这一点',
  },
});

/** Conditions no scenario can produce on this kind of machine, and why. */
export const UNPRODUCIBLE: Partial<Record<ConditionId, string>> = {
  'path-encoding': t('scenario.unproducible.path-encoding'),
  'upstream-unreachable': t('scenario.unproducible.upstream-unreachable'),
  'upstream-check-failed': t('scenario.unproducible.upstream-check-failed'),
  'fastcgi-stderr': t('scenario.unproducible.fastcgi-stderr'),
  'response-buffered': t('scenario.unproducible.response-buffered'),
  'gateway-error-unlogged': t('scenario.unproducible.gateway-error-unlogged'),
  unknown: t('scenario.unproducible.unknown'),
};

export interface Producer {
  scenario: string;
  engines: EngineName[];
  profiles: OsName[];
}

export interface ConditionCoverage {
  condition: ConditionId;
  /** The scenarios whose runs leave it in the logs. */
  producers: Producer[];
  /** Why none does, when none does. */
  reason?: string;
}

function producer(s: Scenario, condition: ConditionId): Producer | undefined {
  const engines = new Set<EngineName>();
  const profiles = new Set<OsName>();
  for (const engine of ENGINES) {
    for (const os of OS_NAMES) {
      if (applies(s, engine, os) !== undefined) continue;
      const want = diagnosisOf(s, { engine, os });
      if (!want || ![...want.conditions, ...(want.harmless ?? [])].includes(condition)) continue;
      engines.add(engine);
      profiles.add(os);
    }
  }
  return engines.size ? { scenario: s.name, engines: [...engines], profiles: [...profiles] } : undefined;
}

export function coverage(scenarios: readonly Scenario[] = SCENARIOS): ConditionCoverage[] {
  return CONDITION_IDS.map((condition) => {
    const producers = scenarios.flatMap((s) => producer(s, condition) ?? []);
    return { condition, producers, ...(producers.length ? {} : { reason: UNPRODUCIBLE[condition] }) };
  });
}
