// Starts a stack, reports its processes and ports, then hangs until the test times out.
import { writeFileSync } from 'node:fs';
import { test } from '../../fixtures.js';
import { descendants } from '../../support/processes.js';

test('starts a stack and never ends', async ({ startStack }) => {
  const stack = await startStack();
  const pids = [stack.proxy!.process.pid, ...descendants(stack.proxy!.process.pid)];
  writeFileSync(process.env.NESTED_REPORT!, JSON.stringify({ pids, ports: [stack.spec.proxyPort, stack.spec.adminPort] }));
  await new Promise(() => undefined);
});
