// The real server's golden transcripts (harness/check-server/transcripts/, recorded by bin/real-server.js
// --record) replayed against the stand-in, in the order they were recorded: the same status, the
// same headers (Connection, Allow, Accept …), the same body once normalised. The stand-in starts with sky.sql's one
// employee, as the real database had. Where it differs on purpose, the transcript is in REFERENCE
// (harness/check-server/reference.ts: the course's reference solution answers otherwise) with the
// reason (docs/admin-stand-in.md, "The real server's transcripts"): it must still differ.
import { test, expect } from '@playwright/test';
import { ipv4, startSkySqlAdmin } from '../../tests/support/admin.js';
import { REFERENCE, dayOf, exchange, readGolden, shapeOf, tokensFor, type Transcript, type TokenKind } from '../../tests/support/transcripts.js';
import type { AdminStandIn } from './server.js';

let admin: AdminStandIn;
let tokens: Record<TokenKind, string | undefined>;
let today: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  admin = await startSkySqlAdmin({ mode: 'ipv4' });
  tokens = await tokensFor(ipv4(admin));
  today = dayOf(Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone);
});
test.afterAll(async () => {
  await admin?.stop();
});

/** What the replay compares: the status, every header kept, the body or its shape. `Allow` is a set:
 *  Spring lists the methods in the order of a HashMap of its mappings, which changes from one start
 *  of the real server to the next (recorded: `GET,HEAD,POST,OPTIONS`, then `POST,GET,HEAD,OPTIONS`). */
function comparable(t: Pick<Transcript, 'compare'>, r: Transcript['response']) {
  const allow = r.headers.allow?.split(',').map((m) => m.trim()).sort().join(',');
  return { status: r.status, headers: { ...r.headers, ...(allow !== undefined && { allow }) }, body: t.compare === 'shape' ? shapeOf(r.body) : r.body };
}

for (const { group, file } of readGolden()) {
  for (const t of file.transcripts) {
    const key = `${group}: ${t.name}`;
    test(key, async () => {
      // Where the real server and the course's reference solution differ, the stand-in answers as the reference does.
      const known = REFERENCE[key]?.why.en;
      if (known) {
        test.info().annotations.push({ type: 'known difference', description: known });
        test.fail();
      }
      const got = await exchange(ipv4(admin), t.request, tokens, today);
      expect(comparable(t, got), `${t.request.method} ${t.request.path}`).toEqual(comparable(t, t.response));
    });
  }
}
