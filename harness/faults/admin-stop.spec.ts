import { test, expect } from '@playwright/test';
import { answerOn, startStandIn } from '../../tests/support/stand-in.js';

test('admin.stop: both loopbacks refuse; restore listens again as before', async () => {
  const s = await startStandIn();
  try {
    const port = s.port;
    await s.inject('admin.stop');
    expect(s.admin.mode).toBe('down');
    expect([await answerOn(port, '127.0.0.1'), await answerOn(port, '::1')]).toEqual(['refused', 'refused']);
    expect(await s.faults.restore()).toEqual(['admin.stop']);
    expect([await answerOn(port, '127.0.0.1'), await answerOn(port, '::1')]).toEqual(['HTTP/1.1 401', 'HTTP/1.1 401']);
  } finally {
    await s.close();
  }
});
