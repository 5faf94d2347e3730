import { test as base } from '@playwright/test';
import type { EngineName } from '../harness/engine/engine.js';
import type { Stack, StackSpec } from '../harness/stack/stack.js';
import { StackLife } from '../harness/stack-life/stack-life.js';
import { ProxyUnderTest, type StartOptions } from './support/proxy-under-test.js';
import { findNginx, NginxMissing } from '../harness/nginx/engine.js';
import { freePort } from './support/ports.js';

export interface StackOptions {
  /** The proxy engine of the Playwright project: `embedded` or `nginx`. */
  engine: EngineName;
}

interface Fixtures {
  /** The nginx project's tests fail at once, saying how to install nginx, where it is missing. */
  nginxInstalled: void;
  /** Starts the project's engine on a conf of the test's (the conformance conf by default); stopped after the test. */
  startProxy: (o?: StartOptions) => Promise<ProxyUnderTest>;
  /** Starts a whole stack (admin stand-in, the project's proxy engine, the front end) on free ports; stopped after the test. */
  startStack: (o?: Partial<Omit<StackSpec, 'dir' | 'engine'>>) => Promise<Stack>;
}

export const test = base.extend<StackOptions & Fixtures>({
  engine: ['embedded', { option: true }],
  nginxInstalled: [
    async ({ engine }, use) => {
      if (engine === 'nginx' && !findNginx()) throw new NginxMissing();
      await use();
    },
    { auto: true },
  ],
  startProxy: async ({ engine }, use, testInfo) => {
    const started: ProxyUnderTest[] = [];
    await use(async (o) => {
      const p = await ProxyUnderTest.start(engine, testInfo.outputPath(`proxy-${started.length}`), o);
      started.push(p);
      return p;
    });
    await Promise.all(started.map((p) => p.stop()));
  },
  startStack: async ({ engine }, use, testInfo) => {
    const started: StackLife[] = [];
    await use(async (o = {}) => {
      const life = await StackLife.start({
        dir: testInfo.outputPath(`stack-${started.length}`),
        proxyPort: o.proxyPort ?? (await freePort()),
        adminPort: o.adminPort ?? (await freePort()),
        admin: 'dual',
        workers: 1,
        os: 'linux',
        ...o,
        engine,
      });
      started.push(life);
      return life.stack;
    });
    await Promise.all(started.map((l) => l.stop()));
  },
});

export { expect } from '@playwright/test';
