// Every scenario, in the order `harness chaos list` shows them.
import type { Scenario } from './scenario.js';
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

export type { Scenario } from './scenario.js';

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
];

export function findScenario(name: string): Scenario | undefined {
  return SCENARIOS.find((s) => s.name === name);
}
