// The hostile corpus (corpus.ts), sent to real nginx and to the embedded engine side
// by side on the same conf, in the same test. For every entry:
//   1. the embedded engine answers as nginx does: the same answers byte for byte (Date and the
//      ports aside), the same bytes without a status line, the same close or the same open
//      connection; and nginx answers as the corpus says (a check on the corpus itself);
//   2. both still serve afterwards: `GET /x` on a new connection is a 200;
//   3. no answer holds a file from outside html/ (markers planted in <prefix>/secret.txt, the
//      file above the prefix and conf/nginx.conf; /etc/passwd's root line);
//   4. the upstream gets exactly what nginx's upstream gets, every connection one request and
//      nothing behind it, and, where the corpus lists them, exactly those request lines;
//   5. nothing hangs: every exchange ends within its deadline (a raw client timeout).
// A difference is recorded whole (the entry's bytes, both answers, both upstreams) as the test's
// `hostile-record` attachment and in the failure message.
//
// The suite is differential: each test starts both engines, so running it in the `nginx` project
// as well would only compare nginx with itself again. It runs in the `embedded` project only.
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect } from '../fixtures.js';
import { send } from '../support/raw-http.js';
import { startEnginePair, type EnginePair, type EngineUnderTest } from '../support/engine-pair.js';
import { CORPUS } from './corpus.js';
import { awaited, exchange, summary, type Outcome } from './exchange.js';

/**
 * Longest wait, after the last byte, for the answers and the close nginx gives. Under nginx's
 * lingering_timeout (5 s), so that a connection nginx keeps for a lingering close is plainly open.
 */
const DEADLINE_MS = 4000;
/** How long a connection nginx keeps open is watched for anything more once the answers are in. */
const LOOK_MS = 300;

const test = base.extend<{ pair: EnginePair }>({
  pair: async ({}, use, testInfo) => {
    const pair = await startEnginePair(testInfo.outputPath('pair'));
    try {
      await use(pair);
    } finally {
      await pair.stop();
    }
  },
});

test.skip(({ engine }) => engine === 'nginx', 'differential: each test compares both engines itself');

/** Date values and the engine's own ports replaced, so that the two engines' bytes compare. */
function normalise(text: string, x: EngineUnderTest): string {
  return text
    .replace(/\r\nDate: [^\r\n]*/g, '\r\nDate: DATE')
    .replace(/\[\d\d\/\w{3}\/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\]/g, '[TIME]')
    .replace(new RegExp(`(?<!\\d)${x.port}(?!\\d)`, 'g'), 'P')
    .replace(new RegExp(`(?<!\\d)${x.upstream.port}(?!\\d)`, 'g'), 'U');
}

function answer(o: Outcome, x: EngineUnderTest) {
  return { summary: summary(o), end: o.end, responses: o.responses.map((r) => normalise(r, x)), tail: normalise(o.tail, x) };
}

function upstreamOf(x: EngineUnderTest) {
  return x.upstream.received.map((r) => ({ address: r.address, raw: normalise(r.raw, x), extra: normalise(r.extra, x) }));
}

const requestLines = (x: EngineUnderTest) => x.upstream.received.map((r) => r.raw.split('\r\n')[0]);

/** Resolves with the access log's new lines once it has more than `before`, or with none at the deadline. */
async function newAccessLines(x: EngineUnderTest, before: number): Promise<string[]> {
  const until = Date.now() + DEADLINE_MS;
  for (;;) {
    const lines = x.accessLog();
    if (lines.length > before) return lines.slice(before).map((l) => normalise(l, x));
    if (Date.now() >= until) return [];
    await new Promise((r) => setTimeout(r, 25));
  }
}

const printable = (s: string) => JSON.stringify(s.length > 600 ? `${s.slice(0, 300)}…(${s.length} bytes)…${s.slice(-200)}` : s);

// Numbered: Playwright names a test's output folder by its title with punctuation made dashes, and
// removes that folder as each test starts, so that two titles differing only by punctuation
// (/../secret.txt, /./../secret.txt) shared a folder, and one test removed the other's engines' prefixes.
for (const [i, c] of CORPUS.entries()) {
  test(`${c.category} ${i + 1}: ${c.name}`, async ({ pair }, testInfo) => {
    const then = c.then ?? 'wait';
    const o = { then, awaited: awaited(c.nginx), deadlineMs: DEADLINE_MS, lookMs: LOOK_MS };
    const logged = { nginx: pair.nginx.accessLog().length, embedded: pair.embedded.accessLog().length };
    const [n, e] = await Promise.all([exchange(pair.nginx.port, c.send, o), exchange(pair.embedded.port, c.send, o)]);
    // A dropped connection has no answer to wait for: its access-log line says the engine is done with it.
    const aborted =
      then === 'abort' ? { nginx: await newAccessLines(pair.nginx, logged.nginx), embedded: await newAccessLines(pair.embedded, logged.embedded) } : undefined;

    const after = await Promise.all(
      [pair.nginx, pair.embedded].map((x) => send(x.port, 'GET /x HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n', { timeoutMs: DEADLINE_MS })),
    );

    const record = {
      entry: c.name,
      category: c.category,
      sent: Array.isArray(c.send) ? c.send.map((p) => ({ gapMs: p.gapMs ?? 0, bytes: p.bytes.toString('latin1') })) : c.send.toString('latin1'),
      then,
      nginx: { ...answer(n, pair.nginx), ms: n.ms, timedOut: n.timedOut, upstream: upstreamOf(pair.nginx), accessLog: aborted?.nginx },
      embedded: { ...answer(e, pair.embedded), ms: e.ms, timedOut: e.timedOut, upstream: upstreamOf(pair.embedded), accessLog: aborted?.embedded },
    };
    await testInfo.attach('hostile-record', { body: JSON.stringify(record, null, 2), contentType: 'application/json' });
    const sent = printable(Array.isArray(c.send) ? c.send.map((p) => p.bytes.toString('latin1')).join('') : c.send.toString('latin1'));

    // 1. The same answer, the same close.
    expect.soft(answer(e, pair.embedded), `embedded answers ${sent} as nginx does`).toEqual(answer(n, pair.nginx));
    if (aborted) expect.soft(aborted.embedded, `embedded logs the dropped request as nginx does`).toEqual(aborted.nginx);
    expect.soft(summary(n), `the corpus says what nginx does with ${sent}`).toBe(c.nginx);

    // 2. Still serving.
    for (const [x, r] of [[pair.nginx, after[0]], [pair.embedded, after[1]]] as const) {
      expect.soft(`${r.statusLine} ${JSON.stringify(r.body)}`, `${x.name} serves GET /x afterwards`).toBe('HTTP/1.1 200 OK "hello\\n"');
    }

    // 3. Nothing from outside the root.
    for (const [x, r] of [[pair.nginx, n], [pair.embedded, e]] as const) {
      expect.soft(pair.leak(r.raw), `${x.name} serves no file from outside html/`).toBeUndefined();
    }

    // 4. The upstream got what nginx's got, no request behind another, and what the client meant.
    expect.soft(upstreamOf(pair.embedded), 'the embedded engine\'s upstream gets what nginx\'s gets').toEqual(upstreamOf(pair.nginx));
    for (const x of [pair.nginx, pair.embedded]) {
      expect.soft(x.upstream.received.filter((r) => r.extra).map((r) => r.extra), `${x.name} sends nothing behind a request on an upstream connection`).toEqual([]);
      if (c.upstream) expect.soft(requestLines(x), `${x.name}'s upstream gets exactly the requests meant`).toEqual(c.upstream);
    }

    // 5. Nothing hangs.
    for (const [x, r] of [[pair.nginx, n], [pair.embedded, e]] as const) {
      expect.soft(r.timedOut, `${x.name}'s answer (${summary(r)}) comes within ${DEADLINE_MS} ms (awaited: ${c.nginx})`).toBe(false);
    }
  });
}

// A control for check 3: the planted files are there and readable by the engines' workers (nobody,
// when the master is root), so that a traversal that reached one would be seen. Symlinks inside
// the root (nginx follows them: disable_symlinks off) serve each of them, and the check names it.
test('control: each planted secret, reached through a symlink in html/, is seen by the leak check', async ({ pair }) => {
  const targets: [string, (x: EngineUnderTest) => string, string][] = [
    ['prefix', (x) => join(x.prefix, 'secret.txt'), pair.secrets[0]],
    ['above', (x) => join(x.prefix, '..', 'secret.txt'), pair.secrets[1]],
    ['conf', (x) => join(x.prefix, 'conf', 'nginx.conf'), pair.secrets[2]],
    ['passwd', () => '/etc/passwd', '/etc/passwd'],
  ];
  for (const x of [pair.nginx, pair.embedded]) {
    for (const [name, target, secret] of targets) {
      symlinkSync(target(x), join(x.prefix, 'html', `leak-${name}`));
      const r = await send(x.port, `GET /leak-${name} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`, { timeoutMs: DEADLINE_MS });
      expect.soft(`${r.status} ${pair.leak(r.raw)}`, `${x.name} serves html/leak-${name}`).toBe(`200 ${secret}`);
    }
  }
});
