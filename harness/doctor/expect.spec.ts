// expectDiagnosis(): what a scenario's logs must say, checked against the doctor's diagnosis of
// them, for the chaos runner: the exact set of conditions to act on, the IPv4/IPv6 verdict of
// refused tries, nothing unrecognised; and describeExpectation() for the observation's text.
import { test, expect } from '@playwright/test';
import { describeExpectation, diagnose, expectDiagnosis } from './index.js';
import { fixture, fixtureLine } from '../../tests/support/doctor.js';

const log = (...lines: string[]) => diagnose(Buffer.from(lines.join('\n') + '\n', 'latin1'));

test('the exact set of conditions to act on: a missing one and an extra one are both mismatches', () => {
  const d = diagnose(fixture('03')); // refused pairs and no live upstreams
  expect(expectDiagnosis(d, { conditions: ['upstream-refused', 'no-live-upstreams'] })).toEqual([]);
  expect(expectDiagnosis(d, { conditions: ['no-live-upstreams', 'upstream-refused'], verdict: 'not-running' })).toEqual([]);
  expect(expectDiagnosis(d, { conditions: ['upstream-refused'] })).toEqual([
    'an unexpected no-live-upstreams incident (lines 5, 8-10): Every address of the admin server on 8080 had just failed (nginx marks a peer failed for 10 s after one error: max_fails=1, fail_timeout=10s, its defaults where the conf sets none), so nginx answered 1 request (/api/employee/login) with 502 at once without trying.',
  ]);
  expect(expectDiagnosis(d, { conditions: ['upstream-refused', 'no-live-upstreams', 'upstream-timeout'] })).toEqual(['no upstream-timeout incident']);
});

test('the verdict of every refused try: IPv4 only is not IPv6 only, and an undetermined one does not pass', () => {
  const v4 = log(fixtureLine('20', 1), fixtureLine('20', 2)); // [::1] refused, the log goes on a day later
  expect(expectDiagnosis(v4, { conditions: ['upstream-refused', 'port-forbidden'], verdict: 'listens-ipv4-only' })).toEqual([]);
  expect(expectDiagnosis(v4, { conditions: ['upstream-refused', 'port-forbidden'], verdict: 'listens-ipv6-only' })).toEqual(['upstream-refused at line 1 is listens-ipv4-only, not listens-ipv6-only']);
  const open = log(fixtureLine('20', 1)); // the log ends after the refusal
  expect(expectDiagnosis(open, { conditions: ['upstream-refused'], verdict: 'listens-ipv4-only' })).toEqual(['upstream-refused at line 1 is undetermined, not listens-ipv4-only']);
  expect(expectDiagnosis(diagnose(fixture('07')), { conditions: ['temp-dir-missing'], verdict: 'not-running' })).toEqual(['no upstream-refused incident to have the verdict not-running']);
});

test('nothing to act on: notices and harmless 404s pass, a problem or an unrecognised line does not', () => {
  const quiet = log(fixtureLine('24', 3), ...[6, 7, 8].map((n) => fixtureLine('22', n)));
  expect(expectDiagnosis(quiet, { conditions: [] })).toEqual([]);
  expect(expectDiagnosis(log(fixtureLine('22', 1)), { conditions: [] })).toEqual([expect.stringMatching(/^an unexpected upstream-closed incident \(line 1\): The admin server/)]);
  expect(expectDiagnosis(log('not a log line', fixtureLine('07', 1)), { conditions: ['temp-dir-missing'] })).toEqual(['a line not recognised (1)']);
  expect(expectDiagnosis(diagnose(Buffer.alloc(0)), { conditions: [] })).toEqual([]);
});

test('harmless conditions a scenario is about must be there, as incidents that need no action', () => {
  const quiet = log('2024/05/30 18:38:03 [notice] 400#404: signal process started');
  expect(expectDiagnosis(quiet, { conditions: [], harmless: ['info'] })).toEqual([]);
  expect(expectDiagnosis(quiet, { conditions: [], harmless: ['info', 'client-reset'] })).toEqual(['no client-reset incident (one that needs no action)']);
  // A problem of that condition does not count as the harmless one.
  expect(expectDiagnosis(log(fixtureLine('22', 1)), { conditions: ['upstream-closed'], harmless: ['upstream-closed'] })).toEqual(['no upstream-closed incident (one that needs no action)']);
});

test('the expectation in words', () => {
  expect(describeExpectation({ conditions: [] })).toBe('nothing to act on');
  expect(describeExpectation({ conditions: ['upstream-refused'], verdict: 'listens-ipv4-only' })).toBe('upstream-refused (listens-ipv4-only)');
  expect(describeExpectation({ conditions: ['upstream-timeout', 'no-live-upstreams'] })).toBe('upstream-timeout and no-live-upstreams');
  expect(describeExpectation({ conditions: [], harmless: ['client-reset', 'info'] })).toBe('nothing to act on, only client-reset and info');
  expect(describeExpectation({ conditions: ['signal-failed'], harmless: ['info'] })).toBe('signal-failed, and info (nothing to act on)');
});
