import { test, expect } from '@playwright/test';
import { answerOn, startStandIn } from '../../tests/support/stand-in.js';

test('admin.start: after admin.stop both loopbacks answer again; restore undoes the newest first', async () => {
  const s = await startStandIn();
  try {
    const port = s.port;
    await s.inject('admin.stop');
    await s.inject('admin.start');
    expect([await answerOn(port, '127.0.0.1'), await answerOn(port, '::1')]).toEqual(['HTTP/1.1 401', 'HTTP/1.1 401']);
    // admin.start's undo (down again), then admin.stop's (dual).
    expect(await s.faults.restore()).toEqual(['admin.start', 'admin.stop']);
    expect(s.admin.mode).toBe('dual');
  } finally {
    await s.close();
  }
});
