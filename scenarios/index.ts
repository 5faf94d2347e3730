// Every scenario, in the order `harness chaos list` shows them; and a user's own, from a file.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scenario } from '../harness/scenario-runner/scenario.js';
import { UsageError } from '../harness/errors.js';
import loginAndPage from './login-and-page.js';
import adminDown from './admin-down.js';
import refusedFallbackTiming from './refused-fallback-timing.js';
import adminIpv4Only from './admin-ipv4-only.js';
import adminIpv6Only from './admin-ipv6-only.js';
import adminFlapping from './admin-flapping.js';
import adminSlow from './admin-slow.js';
import missingTempDir from './missing-temp-dir.js';
import workerCrash from './worker-crash.js';
import respawnFails from './respawn-fails.js';
import bodyTooLarge from './body-too-large.js';
import adminReset from './admin-reset.js';
import adminClosesEarly from './admin-closes-early.js';
import adminBadAnswers from './admin-bad-answers.js';
import adminHangs from './admin-hangs.js';
import adminBlackholed from './admin-blackholed.js';
import adminSlowAnswers from './admin-slow-answers.js';
import adminErrorStatus from './admin-error-status.js';
import adminToken from './admin-token.js';
import tempDirGone from './temp-dir-gone.js';
import clientGivesUp from './client-gives-up.js';
import proxyStartFailures from './proxy-start-failures.js';
import excludedPort from './excluded-port.js';
import confMistakes from './conf-mistakes.js';
import embeddedUnsupported from './embedded-unsupported.js';
import nginxConfMistakes from './nginx-conf-mistakes.js';
import requestRules from './request-rules.js';
import proxyPassMistakes from './proxy-pass-mistakes.js';
import workerLimits from './worker-limits.js';
import staticNotFound from './static-not-found.js';
import proxyToItself from './proxy-to-itself.js';
import reloadWithoutNginx from './reload-without-nginx.js';
import fileUnreadable from './file-unreadable.js';
import lessonLoadBalancing from './lesson-load-balancing.js';
import proxyPassNoSlash from './proxy-pass-no-slash.js';
import { t } from '../harness/i18n/index.js';

export type { Scenario } from '../harness/scenario-runner/scenario.js';

export const SCENARIOS: readonly Scenario[] = [
  loginAndPage,
  adminDown,
  refusedFallbackTiming,
  adminIpv4Only,
  adminIpv6Only,
  adminFlapping,
  adminSlow,
  missingTempDir,
  workerCrash,
  respawnFails,
  bodyTooLarge,
  adminReset,
  adminClosesEarly,
  adminBadAnswers,
  adminHangs,
  adminBlackholed,
  adminSlowAnswers,
  adminErrorStatus,
  adminToken,
  tempDirGone,
  clientGivesUp,
  proxyStartFailures,
  excludedPort,
  confMistakes,
  embeddedUnsupported,
  nginxConfMistakes,
  requestRules,
  proxyPassMistakes,
  workerLimits,
  staticNotFound,
  proxyToItself,
  reloadWithoutNginx,
  fileUnreadable,
  lessonLoadBalancing,
  proxyPassNoSlash,
];

export function findScenario(name: string): Scenario | undefined {
  return SCENARIOS.find((s) => s.name === name);
}

/** A path rather than a name: `./my-scenario.js`, `dist/x.js`. */
export function isScenarioPath(nameOrPath: string): boolean {
  return /[/\\]|\.[cm]?js$/.test(nameOrPath);
}

/** A scenario file that is missing, does not load, or exports no scenario. */
export class ScenarioFileError extends UsageError {}

/** A scenario from a compiled module whose default export has a scenario's shape (defineScenario). */
export async function loadScenarioFile(path: string): Promise<Scenario> {
  const file = resolve(path);
  if (!existsSync(file)) throw new ScenarioFileError(t('scenario.file.missing', { file }));
  let s: Partial<Scenario> | undefined;
  try {
    s = ((await import(pathToFileURL(file).href)) as { default?: Partial<Scenario> }).default;
  } catch (e) {
    throw new ScenarioFileError(t('scenario.file.notLoaded', { file, error: (e as Error).message.split('\n')[0] }));
  }
  const missing = (['name', 'summary', 'observations', 'seconds', 'steps'] as const).filter((k) => s?.[k] === undefined);
  if (!s || missing.length || typeof s.steps !== 'function') {
    throw new ScenarioFileError(t('scenario.file.notScenario', { file, missing: missing.length ? t('scenario.file.missingFields', { fields: missing.join(', ') }) : '' }));
  }
  return s as Scenario;
}
