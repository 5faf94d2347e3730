// Playwright's expect for the scenarios' steps, loaded at its first use: `harness chaos list` reads
// every scenario's name and summary, and Playwright (about a second of loading) is only for a run.
import { createRequire } from 'node:module';
// The type, and what bin/import-graph.js reads: the package this file loads at run time.
import type { expect as PlaywrightExpect } from 'playwright/test';

type Expect = typeof PlaywrightExpect;

const require = createRequire(import.meta.url);
let loaded: Expect | undefined;
const load = (): Expect => (loaded ??= (require('playwright/test') as typeof import('playwright/test')).expect);

/** `expect(x).toBe(…)`, `expect.poll(…)`: Playwright's, once a step calls it. */
export const expect = new Proxy((() => undefined) as unknown as Expect, {
  apply: (_target, _this, args: Parameters<Expect>) => load()(...args),
  get: (_target, key) => Reflect.get(load(), key),
}) as Expect;
