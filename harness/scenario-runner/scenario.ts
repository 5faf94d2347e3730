// What each scenario file starts from. The one shape of a scenario (a name, one sentence of what it
// shows, the stack it needs, the faults it applies, its steps and the observations it asserts) is
// the runner's, beside the Run its steps are given (harness/scenario-runner/runner.ts): the Playwright specs
// and `harness chaos run` both run scenarios through it.
import type { OsName } from '../os-profile.js';
import type { EngineName } from '../engine/engine.js';
import type { DiagnosisExpectation } from '../doctor/index.js';
import type { Scenario } from './runner.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    'chaos.runner.needsEngine': '{name} needs the {engines} engine',
    'chaos.runner.aboutProfile': '{name} is about the {profiles} profile',
    'chaos.runner.nginxNotWindows': 'real nginx on Linux cannot show the Windows profile',
    'chaos.runner.or': ' or ',
    'chaos.runner.and': ' and ',
  },
  'zh-CN': {
    'chaos.runner.needsEngine': '{name} 需要 {engines} 引擎',
    'chaos.runner.aboutProfile': '{name} 针对的是 {profiles} 系统',
    'chaos.runner.nginxNotWindows': 'Linux 上的真实的 nginx 无法模拟 Windows 系统',
    'chaos.runner.or': ' 或 ',
    'chaos.runner.and': ' 和 ',
  },
});

export type { Scenario };

export function defineScenario(s: Scenario): Scenario {
  return s;
}

/** How long a run of `s` under `os` takes (s). */
export function secondsOf(s: Scenario, os: OsName): number {
  return typeof s.seconds === 'number' ? s.seconds : (s.seconds[os] ?? Math.max(...Object.values(s.seconds)));
}

/** What the doctor must find in a run of `s` on this engine and profile. */
export function diagnosisOf(s: Scenario, o: { engine: EngineName; os: OsName }): DiagnosisExpectation | undefined {
  return typeof s.diagnosis === 'function' ? s.diagnosis(o) : s.diagnosis;
}

/** Can this scenario run on this engine and profile? The reason when not. */
export function applies(s: Scenario, engine: EngineName, os: OsName): string | undefined {
  if (s.engines && !s.engines.includes(engine)) return t('chaos.runner.needsEngine', { name: s.name, engines: s.engines.join(t('chaos.runner.or')) });
  if (!(s.profiles ?? ['linux']).includes(os)) return t('chaos.runner.aboutProfile', { name: s.name, profiles: (s.profiles ?? ['linux']).join(t('chaos.runner.and')) });
  if (engine === 'nginx' && os === 'windows') return t('chaos.runner.nginxNotWindows');
  return undefined;
}
