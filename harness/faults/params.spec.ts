// Bad input to a fault: each says what was given, what is accepted, and the fault's usage.
import { test, expect } from '@playwright/test';
import { findFault, parseFault, parseTokens, usage, FaultError } from './index.js';
import { FaultLedger } from './ledger.js';

const parse = (name: string, ...tokens: string[]) => parseFault(findFault(name)!, parseTokens(tokens));

test('good input: values by name, numbers as numbers, defaults filled in', () => {
  expect(parse('admin.truncate', '10', '--path', '/admin/**', '--times=2')).toEqual({ bytes: 10, path: '/admin/**', times: 2, rate: undefined, seed: undefined });
  expect(parse('admin.garbage', '--rate', '.5', '--seed', '0')).toEqual({ bytes: 64, path: undefined, times: undefined, rate: 0.5, seed: 0 });
  expect(parse('admin.latency', '100', '--distribution', 'lognormal', '--jitter', '30')).toMatchObject({ ms: 100, jitter: 30, distribution: 'lognormal' });
  // A form sends every value by name, numbers as numbers.
  expect(parseFault(findFault('admin.dribble')!, { flags: { chunks: 3 as unknown as string, ms: '10' } })).toMatchObject({ chunks: 3, ms: 10 });
});

const cases: [string, string[], string][] = [
  ['admin.reset', ['--rate', '2'], '--rate "2": P is the share of the matching requests it acts on, drawn at random, a fraction more than 0 and at most 1 (0.25: one in four); e.g. --rate 0.5.'],
  ['admin.reset', ['--rate', '0'], 'a fraction more than 0 and at most 1'],
  ['admin.reset', ['--times', '-1'], '--times "-1": N is how many of the matching requests it acts on (the first ones), a whole number from 1 to 1000000; e.g. --times 1.'],
  ['admin.reset', ['--times', '1.5'], 'a whole number from 1 to 1000000'],
  ['admin.truncate', ['abc'], 'admin.truncate "abc": BYTES is how many bytes of the body it sends before it closes, a whole number from 0 to 1073741824; e.g. 10.'],
  ['admin.truncate', [], 'admin.truncate needs BYTES: how many bytes of the body it sends before it closes, a whole number from 0 to 1073741824; e.g. harness chaos inject admin.truncate 10.'],
  ['admin.reset', ['--path', ''], '--path "": GLOB is the requests it acts on, by their path at the admin server, a glob of the admin server\'s paths (* within a segment, ** across segments); e.g. --path /admin/employee/**.'],
  ['admin.reset', ['--path', '  '], 'GLOB is the requests it acts on'],
  ['admin.reset', ['10'], 'admin.reset takes no argument (got "10").'],
  ['admin.truncate', ['10', '20'], 'admin.truncate takes one argument, BYTES; "20" is one too many.'],
  ['admin.reset', ['--jitter', '5'], '--jitter is not an option of admin.reset; it takes --path GLOB, --times N, --rate P, --seed S.'],
  ['admin.stop', ['--path', '/admin/**'], '--path is not an option of admin.stop: it takes none.'],
  ['admin.latency', ['100', '--distribution', 'normal'], '--distribution "normal": fixed|uniform|lognormal is how the waits spread around MS (uniform when --jitter is given, else fixed), one of fixed, uniform, lognormal; e.g. --distribution lognormal.'],
  ['admin.listen', ['both'], 'admin.listen "both": MODE is where the admin server listens, one of dual, ipv4, ipv6, down; e.g. ipv4.'],
  ['admin.status', ['200'], 'a whole number from 400 to 599'],
];

for (const [name, tokens, message] of cases) {
  test(`${name} ${tokens.map((t) => JSON.stringify(t)).join(' ')}: refused, saying what is accepted`, () => {
    let error: unknown;
    try {
      parse(name, ...tokens);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FaultError);
    expect((error as FaultError).exitCode).toBe(2);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).toContain(`\n  Usage: harness chaos inject ${usage(findFault(name)!)}`);
  });
}

test('a flag given twice, or without its value', () => {
  expect(() => parseTokens(['--times', '1', '--times', '2'])).toThrow('--times is given twice (1, 2): give it once.');
  expect(() => parseTokens(['--times'])).toThrow('--times needs a value (--times TIMES).');
  expect(() => parseTokens(['--path', '--times', '1'])).toThrow('--path needs a value');
});

test('usage lines', () => {
  expect(usage(findFault('admin.truncate')!)).toBe('admin.truncate BYTES [--path GLOB] [--times N] [--rate P] [--seed S]');
  expect(usage(findFault('admin.latency')!)).toBe('admin.latency MS [--jitter MS] [--distribution fixed|uniform|lognormal] [--path GLOB] [--times N] [--rate P] [--seed S]');
  expect(usage(findFault('proxy.crash-worker')!)).toBe('proxy.crash-worker [SIGNAL|CODE]');
});

test('the ledger: an unknown fault, a fault for a part this stack does not have, and restoring twice', async () => {
  const ledger = new FaultLedger({ prefix: '/nonexistent', spec: { os: 'linux', engine: 'embedded' } });
  await expect(ledger.inject('admin.explode')).rejects.toThrow(/^no fault "admin.explode". The faults: admin.stop, admin.start, /);
  await expect(ledger.inject('admin.reset')).rejects.toThrow('the admin server is your own and the harness is not in front of it (--admin external without --admin-upstream)');
  await expect(ledger.inject('proxy.temp-dir-gone')).rejects.toThrow('no proxy is running in this stack');
  expect(await ledger.restore()).toEqual([]);
  expect(await ledger.restore()).toEqual([]);
});
