import { test, expect } from '@playwright/test';
import { ProxyUnderTest } from '../../tests/support/proxy-under-test.js';
import { FaultLedger } from './ledger.js';

test('proxy.fail-respawn: after the next crash no worker takes its place ("could not respawn"); restore brings one back', async ({}, testInfo) => {
  const p = await ProxyUnderTest.start('embedded', testInfo.outputPath('proxy'));
  try {
    const ledger = new FaultLedger({ proxy: p.engine, prefix: p.prefix, spec: { os: 'linux', engine: 'embedded' } });
    await ledger.inject('proxy.fail-respawn');
    await ledger.inject('proxy.crash-worker');
    await expect.poll(() => p.errorLog().some((l) => /\[alert\] .*could not respawn worker/.test(l))).toBe(true);
    expect(await p.engine.workers()).toEqual([]);
    expect(await ledger.restore()).toEqual(['proxy.fail-respawn']);
    await expect.poll(async () => (await p.engine.workers()).length).toBe(1);
  } finally {
    await p.stop();
  }
});
