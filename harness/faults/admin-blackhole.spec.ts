import { test, expect } from '@playwright/test';
import net from 'node:net';
import { answerOn, startStandIn } from '../../tests/support/stand-in.js';

/** Whether a connect to `host` gets any answer (accepted or refused) within `ms`. */
const answers = (port: number, host: string, ms: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect({ host, port });
    const done = (v: boolean) => {
      clearTimeout(t);
      s.destroy();
      resolve(v);
    };
    const t = setTimeout(() => done(false), ms);
    s.once('connect', () => done(true));
    s.once('error', () => done(true));
  });

test('admin.blackhole: connects to the admin port on either loopback get no answer; restore listens again', async () => {
  const s = await startStandIn();
  try {
    await s.inject('admin.blackhole');
    expect([await answers(s.port, '127.0.0.1', 500), await answers(s.port, '::1', 500)]).toEqual([false, false]);
    expect(await s.faults.restore()).toEqual(['admin.blackhole']);
    expect([await answerOn(s.port, '127.0.0.1'), await answerOn(s.port, '::1')]).toEqual(['HTTP/1.1 401', 'HTTP/1.1 401']);
  } finally {
    await s.faults.restore();
    await s.close();
  }
});
