import { test, expect } from '@playwright/test';
import { ProxyUnderTest } from '../../tests/support/proxy-under-test.js';
import { FaultLedger } from './ledger.js';

test('proxy.crash-worker [SIGNAL|CODE]: one worker dies, its master logs it and starts another; a code the profile has no such exit for is refused', async ({}, testInfo) => {
  const p = await ProxyUnderTest.start('embedded', testInfo.outputPath('proxy'));
  try {
    const ledger = new FaultLedger({ proxy: p.engine, prefix: p.prefix, spec: { os: 'linux', engine: 'embedded' } });
    const [first] = await p.engine.workers();
    const crashed = await ledger.inject('proxy.crash-worker', { positional: ['SIGKILL'] });
    // An event, not a state: nothing to undo, nothing listed.
    expect(crashed.entry.applied.undo).toBeUndefined();
    expect(ledger.entries).toEqual([]);
    await expect.poll(() => p.errorLog().map((l) => l.replace(/^.*?\] \d+#\d+: /, ''))).toContain(`worker process ${first} exited on signal 9`);
    await expect.poll(async () => (await p.engine.workers()).filter((w) => w !== first)).toHaveLength(1);
    await expect(ledger.inject('proxy.crash-worker', { positional: ['C0000005'] })).rejects.toThrow(/^proxy\.crash-worker: /);
  } finally {
    await p.stop();
  }
});
