// --follow on a live file: the log as it stands is the context of every verdict, what it ends with
// that may still grow is reported whole, truncation and rotation are said and numbering starts
// over, Ctrl-C reports what is pending with its doubts, and --json is JSON Lines throughout.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { appendFileSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { examineLogs, follow, renderIncident, type Diagnosis, type Incident } from './index.js';
import { fixture, fixtureLine, sink, tempDir, whileFollowing } from '../../tests/support/doctor.js';

const FAST = { pollMs: 20, settleMs: 200 };

interface Seen {
  start?: Diagnosis;
  incidents: { incident: Incident; text: string }[];
  restarts: string[];
}

/** follow() on `file`, collecting what it reports; `stop()` aborts it and waits for the end. */
function watch(file: string) {
  const seen: Seen = { incidents: [], restarts: [] };
  const ac = new AbortController();
  const done = follow(
    file,
    {
      start: (d) => (seen.start = d),
      incident: (incident, text) => seen.incidents.push({ incident, text: renderIncident(incident, text) }),
      restart: (how) => seen.restarts.push(how),
    },
    { signal: ac.signal, ...FAST },
  );
  const reported = () => seen.incidents.map((s) => `${s.incident.condition} ${s.incident.lines}`);
  return { seen, reported, started: () => seen.start !== undefined, stop: async () => (ac.abort(), await done) };
}

/** A log of its own holding `text`, followed; `close()` stops following and removes the log. */
function followNew(text: string) {
  const dir = tempDir();
  const file = path.join(dir, 'error.log');
  writeFileSync(file, text);
  const w = watch(file);
  return { ...w, file, close: async () => (await w.stop(), rmSync(dir, { recursive: true, force: true })) };
}

test('follow: appended lines become incidents as they complete; truncation and rotation are said, numbering starts over; abort stops it', async () => {
  const w = followNew(fixtureLine('07', 1) + '\n'); // one old line: in the start report, not again
  const { file } = w;
  try {
    try {
      await expect.poll(w.started).toBe(true);
      expect(w.seen.start!.incidents.map((i) => `${i.condition} ${i.lines}`)).toEqual(['temp-dir-missing 1']);
      const pair = [fixtureLine('03', 1), fixtureLine('03', 2)];
      // The first try, then its pair written in two pieces (the second cut mid-line): one incident.
      appendFileSync(file, pair[0] + '\n' + pair[1].slice(0, 100));
      await new Promise((r) => setTimeout(r, 3 * FAST.pollMs)); // likely read in between: the pair still joins
      appendFileSync(file, pair[1].slice(100) + '\n');
      await expect.poll(w.reported, { timeout: 5000 }).toEqual(['upstream-refused 2,3']);
      expect(w.seen.incidents[0].text).toContain('    2 | 2024/12/02 19:04:10');

      // A start-up failure repeated: one incident once the lines stop coming.
      appendFileSync(file, [1, 2, 3].map((n) => fixtureLine('08', n)).join('\n') + '\n');
      await expect.poll(() => w.seen.incidents.length, { timeout: 5000 }).toBe(2);
      expect(w.reported()[1]).toBe('temp-dir-missing 4,5,6');

      // Truncated in place: said, and numbering starts over.
      truncateSync(file, 0);
      await expect.poll(() => w.seen.restarts).toEqual(['truncated']);
      appendFileSync(file, fixtureLine('24', 4) + '\r\n'); // OpenEvent("Global\ngx_reload_388") failed
      await expect.poll(() => w.seen.incidents.length, { timeout: 5000 }).toBe(3);
      expect(w.reported()[2]).toBe('signal-failed 1');

      // Rotated: the old file moves away, a new one takes its path.
      renameSync(file, file + '.1');
      writeFileSync(file, 'junk\n' + fixtureLine('20', 2) + '\n');
      await expect.poll(() => w.seen.restarts, { timeout: 5000 }).toEqual(['truncated', 'replaced']);
      await expect.poll(() => w.seen.incidents.length, { timeout: 5000 }).toBe(4);
      expect(w.reported()[3]).toBe('port-forbidden 2');
    } finally {
      await w.stop();
    }
    // Abort ended the loop: nothing is reported after it.
    const count = w.seen.incidents.length;
    appendFileSync(file, fixtureLine('01', 1) + '\n');
    await new Promise((r) => setTimeout(r, 100)); // several poll intervals: a loop still running would report
    expect(w.seen.incidents.length).toBe(count);
  } finally {
    await w.close();
  }
});

test('follow started between the two lines of a refused pair: one incident, not-running', async () => {
  const w = followNew(fixtureLine('07', 1) + '\n' + fixtureLine('01', 1) + '\n'); // ends with [::1] refused
  const { file } = w;
  try {
    await expect.poll(w.started).toBe(true);
    // The start report holds the pair back: it may still grow.
    expect(w.seen.start!.incidents.map((i) => `${i.condition} ${i.lines}`)).toEqual(['temp-dir-missing 1']);
    appendFileSync(file, fixtureLine('01', 2) + '\n'); // 127.0.0.1 refused, 2 s later in the log
    await expect.poll(w.reported, { timeout: 5000 }).toEqual(['upstream-refused 2,3']);
    expect(w.seen.incidents[0].incident.detail?.verdict).toBe('not-running');
  } finally {
    await w.close();
  }
});

test('follow judges a new line against the whole log: no live upstreams before it means both families were down', async () => {
  const w = followNew(fixtureLine('11', 1) + '\n'); // pid 31272: no live upstreams
  const { file } = w;
  try {
    await expect.poll(w.started).toBe(true);
    appendFileSync(file, fixtureLine('11', 2) + '\n'); // the same nginx, 2 s later: 127.0.0.1 refused
    await expect.poll(w.reported, { timeout: 5000 }).toContain('upstream-refused 2');
    const refused = w.seen.incidents.find((s) => s.incident.condition === 'upstream-refused')!.incident;
    expect(refused.detail).toMatchObject({ verdict: 'not-running', evidence: 'no live upstreams on line 1' });
  } finally {
    await w.close();
  }
});

test('Ctrl-C while a refused line is half written: reported, undetermined (not "not running")', async () => {
  const w = followNew(fixtureLine('07', 1) + '\n');
  try {
    await expect.poll(w.started).toBe(true);
    const line = fixtureLine('01', 1);
    appendFileSync(w.file, line.slice(0, line.indexOf(', upstream: ') + 20)); // no LF yet: being written
  } finally {
    await w.close();
  }
  expect(w.reported()).toEqual(['upstream-refused 2']);
  expect(w.seen.incidents[0].incident.detail?.verdict).toBe('undetermined');
  expect(w.seen.incidents[0].incident.cause).toContain('the line is cut before the address it tried');
});

test('--follow in text: the start report says the incident the log ends with is still open, and nothing is called fine yet', async () => {
  const dir = tempDir();
  const file = path.join(dir, 'error.log');
  writeFileSync(file, fixtureLine('01', 1) + '\n');
  const code = await whileFollowing(file, async (printed) => {
    await expect.poll(printed).toContain('following');
    expect(printed()).toBe(
      `error.log: 1 line, 0 incidents (0 to act on); 1 more still open.\n\nfollowing ${file}: the incident the log ends with and new ones are explained as they complete (Ctrl-C stops)\n`,
    );
    appendFileSync(file, fixtureLine('01', 2) + '\n');
    await expect.poll(printed, { timeout: 5000 }).toContain('● upstream-refused  lines 1-2');
  });
  expect(code).toBe(1);
  rmSync(dir, { recursive: true, force: true });
});

test('--follow --json is JSON Lines: one incident per line, from the log as it stands to the last; notes on stderr', async () => {
  const dir = tempDir();
  const file = path.join(dir, 'error.log');
  writeFileSync(file, fixture('07'));
  const out = sink();
  const err = sink();
  const ac = new AbortController();
  const done = examineLogs({ errorLog: file, json: true, follow: true }, out.stream, err.stream, ac.signal);
  const lines = () => out.text().split('\n').filter(Boolean);
  try {
    await expect.poll(() => lines().length).toBe(1);
    appendFileSync(file, [1, 2].map((n) => fixtureLine('03', n)).join('\n') + '\n');
    await expect.poll(() => lines().length, { timeout: 5000 }).toBe(2);
    truncateSync(file, 0);
    await expect.poll(() => err.text(), { timeout: 5000 }).toContain(`${file} was truncated: its lines are numbered from 1 again.`);
  } finally {
    ac.abort();
  }
  expect(await done).toBe(1);
  const objects = lines().map((l) => JSON.parse(l));
  for (const o of objects) expect(Object.keys(o)).toEqual(['condition', 'lines', 'cause', 'fix']);
  expect(objects.map((o) => `${o.condition} ${o.lines}`)).toEqual(['temp-dir-missing 1,2,3,4,5,6,7,8,9', 'upstream-refused 10,11']);
  rmSync(dir, { recursive: true, force: true });
});

test('follow: a missing file, a folder or a named pipe is a clear error', async () => {
  const dir = tempDir();
  try {
    const on = { incident: () => undefined };
    await expect(follow(path.join(dir, 'nope.log'), on)).rejects.toThrow(/no such file/);
    await expect(follow(dir, on)).rejects.toThrow(/is a folder/);
    const fifo = path.join(dir, 'fifo.log');
    execFileSync('mkfifo', [fifo]);
    await expect(follow(fifo, on)).rejects.toThrow(/is a named pipe, not a log file/);
    const err = sink();
    expect(await examineLogs({ errorLog: '-', follow: true }, sink().stream, err.stream)).toBe(2);
    expect(err.text()).toContain('--follow watches a log file as nginx writes it: name the file');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('follow with a tail: of a 3 MiB log only its last MiB is read, and its lines keep the file\'s numbers', async () => {
  const dir = tempDir();
  const file = path.join(dir, 'error.log');
  const notice = '2024/12/02 19:00:00 [notice] 7#7: signal process started';
  const filler = Array.from({ length: 20_000 }, () => notice).join('\n') + '\n';
  // An incident in the part left out, 60,000 lines, then an incident in the part read.
  writeFileSync(file, [fixtureLine('07', 1), filler + filler + filler + fixtureLine('03', 1), fixtureLine('03', 2), ''].join('\n'));
  const seen: Diagnosis[] = [];
  const ac = new AbortController();
  const done = follow(file, { start: (d) => seen.push(d), incident: () => undefined }, { signal: ac.signal, ...FAST, tail: 1024 * 1024 });
  try {
    await expect.poll(() => seen.length).toBe(1);
    // The first incident (line 1) is not read; the last has the file's line numbers.
    const incidents = seen[0].incidents;
    expect(incidents.some((i) => i.condition === 'temp-dir-missing')).toBe(false);
    expect(incidents.filter((i) => i.condition === 'upstream-refused').map((i) => i.lines)).toEqual([[60002, 60003]]);
    // Of the 60,000 lines between, those read are the last MiB's: numbered on from where the read began.
    const first = Math.min(...incidents.flatMap((i) => i.lines));
    expect(first).toBeGreaterThan(60_001 - Math.ceil((1024 * 1024) / (notice.length + 1)));
  } finally {
    ac.abort();
    await done;
    rmSync(dir, { recursive: true, force: true });
  }
});
