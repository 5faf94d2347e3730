// `import { test, expect } from 'sky-harness/test'`: Playwright's test with a `stack` fixture, one
// stack per test worker (started on free ports before the worker's first test that asks for it,
// stopped after its last), and `baseURL` set to it, so that `page.goto('/')` opens the admin app.
// Options: `test.use({ stackOptions: { proxy: 'nginx', os: 'windows' } })`.
import { test as base } from 'playwright/test';
import { up, type RunningStack, type UpOptions } from './index.js';

export interface StackFixtures {
  /** The worker's stack: its URL, ports, logs, inject(), restore(). Faults left applied are undone after each test. */
  stack: RunningStack;
}

export interface StackWorkerFixtures {
  stackOptions: UpOptions;
  workerStack: RunningStack;
}

export const test = base.extend<StackFixtures, StackWorkerFixtures>({
  stackOptions: [{}, { option: true, scope: 'worker' }],
  workerStack: [
    async ({ stackOptions }, use) => {
      const stack = await up(stackOptions);
      try {
        await use(stack);
      } finally {
        await stack.stop();
      }
    },
    { scope: 'worker' },
  ],
  stack: async ({ workerStack }, use) => {
    await use(workerStack);
    // A test's faults do not leak into the next test.
    await workerStack.restore();
  },
  baseURL: async ({ workerStack }, use) => use(workerStack.url),
});

export { expect } from 'playwright/test';
export type { RunningStack, UpOptions } from './index.js';
