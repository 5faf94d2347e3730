import { test, expect } from '@playwright/test';
import { answerOn, startStandIn } from '../../tests/support/stand-in.js';

test('admin.listen MODE: only the loopbacks the mode names answer', async () => {
  const s = await startStandIn();
  try {
    const port = s.port;
    await s.inject('admin.listen ipv4');
    expect([await answerOn(port, '127.0.0.1'), await answerOn(port, '::1')]).toEqual(['HTTP/1.1 401', 'refused']);
    await s.faults.restore();
    await s.inject('admin.listen ipv6');
    expect([await answerOn(port, '127.0.0.1'), await answerOn(port, '::1')]).toEqual(['refused', 'HTTP/1.1 401']);
    await expect(s.inject('admin.listen both')).rejects.toThrow('MODE is where the admin server listens, one of dual, ipv4, ipv6, down');
  } finally {
    await s.close();
  }
});
