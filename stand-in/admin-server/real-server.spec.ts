// The real server's golden transcripts (tests/fixtures/real-server/, recorded by bin/real-server.js
// --record) replayed against the stand-in, in the order they were recorded: the same status, the
// same headers (Connection, Allow, Accept …), the same body once normalised. The stand-in starts with sky.sql's one
// employee, as the real database had. Where it differs on purpose, the transcript is in KNOWN below
// with the reason (docs/admin-stand-in.md, "The real server's transcripts"): it must still differ.
import { test, expect } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../harness/paths.js';
import { ipv4, startAdmin } from '../../tests/support/admin.js';
import { dayOf, exchange, shapeOf, tokensFor, type Transcript, type TranscriptFile, type TokenKind } from '../../tests/support/transcripts.js';
import type { AdminStandIn } from './server.js';

const folder = join(repoRoot, 'tests', 'fixtures', 'real-server');
const files = readdirSync(folder).filter((f) => f.endsWith('.json')).sort();

const UPLOAD_URL = 'the real server answers an OSS URL; the stand-in keeps the file and answers its own /api/common/download URL';

/** `group: transcript` → why the stand-in answers otherwise. */
const KNOWN: Record<string, string> = {
  '05-dish: page by category': 'the real mapper names d.categoryId, a 500; the stand-in filters as the reference solution does',
  '07-order: search by time': 'the real mapper\'s date range is a 500; the stand-in filters as the reference solution does',
  '07-order: details of an id that is no number': 'the real handler does not bind the path\'s id (a 500 whatever it is); the stand-in binds it as the reference does, so "abc" is a 400',
  '08-shop: status before it was set': 'a fresh Redis has no SHOP_STATUS, and the real server unboxes null: a 500; the stand-in starts open (1)',
  '10-report: export': 'the real tree lacks the workbook template: a 500; the stand-in fills it as the reference solution does',
  '11-upload: upload': UPLOAD_URL,
  '11-upload: upload of an empty file': UPLOAD_URL,
};

let admin: AdminStandIn;
let tokens: Record<TokenKind, string | undefined>;
let today: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  admin = await startAdmin({ mode: 'ipv4' });
  // sky.sql's employee table: admin alone, the next id 2.
  admin.state.write(() => {
    admin.state.employees = new Map([[1, admin.state.employees.get(1)!]]);
    admin.state.next.employee = 2;
  });
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

for (const file of files) {
  const group = file.replace(/\.json$/, '');
  const fixture = JSON.parse(readFileSync(join(folder, file), 'utf8')) as TranscriptFile;
  for (const t of fixture.transcripts) {
    const key = `${group}: ${t.name}`;
    test(key, async () => {
      const known = KNOWN[key];
      if (known) {
        test.info().annotations.push({ type: 'known difference', description: known });
        test.fail();
      }
      const got = await exchange(ipv4(admin), t.request, tokens, today);
      expect(comparable(t, got), `${t.request.method} ${t.request.path}`).toEqual(comparable(t, t.response));
    });
  }
}
