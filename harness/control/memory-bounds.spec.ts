// What the control page's side of the harness keeps is bounded by what it keeps: an incident quotes
// a few of its lines however many it has, and a page that does not read its event stream holds at
// most UNSENT_BYTES (and one message) in the harness, is told what it missed, and starts again.
import { test, expect } from '@playwright/test';
import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { followIncidents, QUOTED_CHARS, type LiveIncident } from './live-incidents.js';
import { EventStreams, UNSENT_BYTES } from './sse.js';
import { tempDir } from '../../tests/support/doctor.js';

test('a live incident of 3,000 lines quotes 3 of them (the first two and the last), each cut at QUOTED_CHARS, and says how many it has', async () => {
  const dir = tempDir();
  const file = path.join(dir, 'error.log');
  const long = 'x'.repeat(2 * QUOTED_CHARS);
  const line = (i: number) => `2026/12/02 07:00:00 [error] 7#7: *${i} open() "/usr/share/nginx/html/favicon.ico" failed (2: No such file or directory), client: 127.0.0.1, server: localhost, request: "GET /favicon.ico?${i === 0 ? long : i} HTTP/1.1", host: "localhost"\n`;
  // Written before the harness follows it, all within the MiB it reads of an earlier log.
  writeFileSync(file, Array.from({ length: 3000 }, (_, i) => line(i)).join(''));
  const seen: LiveIncident[] = [];
  const ac = new AbortController();
  const done = followIncidents(file, (i) => seen.push(i), { signal: ac.signal });
  try {
    await expect.poll(() => seen.reduce((n, i) => n + i.count, 0), { timeout: 10_000 }).toBe(3000);
  } finally {
    ac.abort();
    await done;
    rmSync(dir, { recursive: true, force: true });
  }
  const lines = seen.flatMap((i) => i.lines);
  expect(seen.every((i) => i.lines.length <= 4)).toBe(true);
  expect(lines[0].text.length).toBe(QUOTED_CHARS + 1);
  expect(lines.map((l) => l.no)).toContain(3000);
});

test('a page that does not read its stream: the harness holds at most UNSENT_BYTES and a message for it, then tells it what it missed and ends it', async () => {
  const streams = new EventStreams();
  let res: http.ServerResponse | undefined;
  const server = http.createServer((_req, r) => {
    res = r;
    streams.open(r, 'event: hello\ndata: {}\n\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
  const received: Buffer[] = [];
  socket.on('data', (d) => received.push(d));
  socket.pause(); // a page that reads nothing
  socket.write('GET /events HTTP/1.1\r\nhost: localhost\r\n\r\n');
  await expect.poll(() => res !== undefined).toBe(true);
  const message = { text: 'y'.repeat(64 * 1024) };
  let most = 0;
  // 64 MiB of messages: eight times what a page may have waiting.
  for (let i = 0; i < 1024; i++) {
    streams.send('timeline', message);
    most = Math.max(most, res!.writableLength);
  }
  expect(most).toBeGreaterThan(UNSENT_BYTES);
  expect(most).toBeLessThanOrEqual(UNSENT_BYTES + 2 * 64 * 1024);
  socket.resume();
  // Once it has read what waited: the last message, and the end of the response (its last chunk).
  await expect.poll(() => Buffer.concat(received).toString().endsWith('\r\n0\r\n\r\n'), { timeout: 10_000 }).toBe(true);
  const text = Buffer.concat(received).toString();
  const written = text.split('event: timeline\n').length - 1;
  const lagged = /event: lagged\ndata: (\{.*?\})\n\n/.exec(text);
  expect(lagged, text.slice(-200)).not.toBeNull();
  expect(JSON.parse(lagged![1])).toEqual({ dropped: 1024 - written });
  expect(streams.count).toBe(0);
  socket.destroy();
  await new Promise((r) => server.close(r));
});
