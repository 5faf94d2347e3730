// The golden transcripts' requests sent to the user's running server, in the order they were
// recorded, each answer set against the course's (compare.ts). Nothing is printed here: say.ts
// words the result, `--json` prints it as it is.
import { request } from 'undici';
import { compare, isReferenceAnswer, parseJson, asResult, type Difference } from './compare.js';
import { readGolden, type GoldenGroup } from './golden.js';
import { REFERENCE } from './reference.js';
import { badTokens, dayOf, exchange, tokensFor, EXCHANGE_TIMEOUT_MS, type TokenKind, type TranscriptResponse } from './transcript.js';
import { UserError } from '../errors.js';
import { t } from './texts.js';

export interface CheckedRequest {
  group: string;
  name: string;
  method: string;
  path: string;
  /** The course's answer, as recorded. */
  expected: TranscriptResponse;
  /** The user's server's answer (normalised as the transcripts are), or why there was none. */
  actual: TranscriptResponse | { error: string };
  differences: Difference[];
  /** The user's answer is the course's reference solution's where that differs from the real server. */
  reference?: string;
}

export interface CheckReport {
  target: string;
  /** The course's server the transcripts were recorded from. */
  source: string;
  /** Why the user's data is not sky.sql as loaded fresh, if it is not. */
  notFresh?: 'login' | { employees: number };
  requests: CheckedRequest[];
  differing: number;
}

/** The number of requests a check sends (what --yes is asked for). */
export const requestCount = (golden: GoldenGroup[]) => golden.reduce((n, g) => n + g.file.transcripts.length, 0);

/** What undici's error says, short: its code where it has one (ECONNREFUSED, UND_ERR_HEADERS_TIMEOUT). */
function reasonOf(e: unknown): string {
  const err = e as { code?: string; cause?: { code?: string }; message?: string };
  return err.cause?.code ?? err.code ?? err.message ?? String(e);
}

/** Admin's tokens, or only the bad ones when admin cannot log in (then every answer shows it). */
async function tokens(base: string, target: string): Promise<{ tokens: Record<TokenKind, string | undefined>; loggedIn: boolean }> {
  try {
    return { tokens: await tokensFor(base), loggedIn: true };
  } catch (e) {
    if ((e as { code?: string }).code !== undefined || (e as { cause?: unknown }).cause !== undefined) {
      throw new UserError(t('checkServer.noAnswer', { target, reason: reasonOf(e) }));
    }
    return { tokens: await badTokens(), loggedIn: false };
  }
}

/** sky.sql has one employee; more means rows the transcripts did not see. */
async function employeeCount(base: string, token: string | undefined): Promise<number | undefined> {
  if (token === undefined) return undefined;
  try {
    const r = await request(`${base}/admin/employee/page?page=1&pageSize=1`, { headers: { token }, headersTimeout: EXCHANGE_TIMEOUT_MS, bodyTimeout: EXCHANGE_TIMEOUT_MS });
    const total = (asResult(parseJson(await r.body.text())?.json)?.data as { total?: unknown } | undefined)?.total;
    return typeof total === 'number' ? total : undefined;
  } catch {
    return undefined;
  }
}

/** `host:port` as a URL writes it (`[::1]:8081`). */
export const shownTarget = (target: { host: string; port: number }) => (target.host.includes(':') ? `[${target.host}]:${target.port}` : `${target.host}:${target.port}`);

/** Checks the server at `host:port` (loopback or not: the user names it). */
export async function checkServer(target: { host: string; port: number }, golden = readGolden()): Promise<CheckReport> {
  const shown = shownTarget(target);
  const base = `http://${shown}`;
  const { tokens: sent, loggedIn } = await tokens(base, shown);
  const employees = await employeeCount(base, sent.admin);
  const notFresh = !loggedIn ? 'login' : employees !== undefined && employees !== 1 ? { employees } : undefined;
  // The server's zone is not known: a time of today is "<now>" in the course's zone or in this machine's.
  const now = Date.now();
  const today = [dayOf(now), dayOf(now, Intl.DateTimeFormat().resolvedOptions().timeZone)];
  const requests: CheckedRequest[] = [];
  for (const { group, file } of golden) {
    for (const tr of file.transcripts) {
      const fields = { group, name: tr.name, method: tr.request.method, path: tr.request.path, expected: tr.response };
      let actual: CheckedRequest['actual'];
      try {
        actual = await exchange(base, tr.request, sent, today);
      } catch (e) {
        requests.push({ ...fields, actual: { error: reasonOf(e) }, differences: [{ kind: 'no-answer', reason: reasonOf(e) }] });
        continue;
      }
      const ref = REFERENCE[`${group}: ${tr.name}`];
      const differences = compare(tr.response, actual);
      if (differences.length && ref && isReferenceAnswer(ref, actual)) {
        requests.push({ ...fields, actual, differences: [], reference: `${group}: ${tr.name}` });
      } else {
        requests.push({ ...fields, actual, differences });
      }
    }
  }
  return { target: shown, source: golden[0]?.file.source ?? '', ...(notFresh && { notFresh }), requests, differing: requests.filter((r) => r.differences.length).length };
}
