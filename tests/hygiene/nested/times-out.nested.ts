// Starts a stack, reports its processes and ports, then hangs until the test times out.
import { writeFileSync } from 'node:fs';
import { test } from '../../fixtures.js';
import { descendants } from '../../support/processes.js';

test('starts a stack and never ends', async ({ startStack }) => {
  const started = Date.now();
  const stack = await startStack();
  // The proxy's processes are this process's children (the embedded master runs in it).
  const pids = descendants(process.pid);
  writeFileSync(process.env.NESTED_REPORT!, JSON.stringify({ pids, ports: [stack.spec.proxyPort, stack.spec.adminPort] }));
  // Time out a second from now, however long the stack took to start on a loaded machine.
  test.setTimeout(Date.now() - started + 1000);
  await new Promise(() => undefined);
});
