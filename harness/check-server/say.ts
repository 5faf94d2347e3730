// A check's report in the user's language: per group, the same or not; per request that differs,
// each difference with what the admin front end then shows.
import { asResult, parseJson, type Difference } from './compare.js';
import type { CheckedRequest, CheckReport } from './check.js';
import { groupName, transcriptName } from './names.js';
import { REFERENCE } from './reference.js';
import type { TranscriptResponse } from './transcript.js';
import { lang } from '../i18n/index.js';
import { t, type CheckServerKey } from './texts.js';

const ok = (status: number) => status >= 200 && status < 300;
const quoted = (v: unknown) => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v));
const STACK_TRACE = /\n\s*at [\w$.<>]+\(|"trace"\s*:/;

/** An answer as a reader recognises it: a Result's code and msg, a stack trace, Spring's error JSON. */
export function describeAnswer(r: TranscriptResponse): string {
  const status = r.status;
  const json = parseJson(r.body)?.json;
  const result = asResult(json);
  if (result) return t('checkServer.answer.result', { status, result: JSON.stringify({ code: result.code, msg: result.msg }) });
  if (STACK_TRACE.test(r.body)) return t('checkServer.answer.stackTrace', { status });
  const error = (json as { error?: unknown } | undefined)?.error;
  if (typeof error === 'string') return t('checkServer.answer.springError', { status, error });
  if (!r.body) return t('checkServer.answer.empty', { status });
  return t('checkServer.answer.other', { status, body: r.body.length > 80 ? `${r.body.slice(0, 80)}…` : r.body });
}

/** What the page does when the status differs. */
function pageOnStatus(expected: TranscriptResponse, actual: number): string {
  if (expected.status === 401) return t('checkServer.page.notToLogin');
  if (actual === 401) return t('checkServer.page.toLogin');
  if (ok(expected.status) && !ok(actual)) {
    const msg = asResult(parseJson(expected.body)?.json)?.msg;
    return typeof msg === 'string' ? t('checkServer.page.failedInsteadOfMsg', { actual, msg: quoted(msg) }) : t('checkServer.page.failed', { actual });
  }
  if (!ok(expected.status) && ok(actual)) return t('checkServer.page.succeeds');
  return t('checkServer.page.otherStatus', { actual, expected: expected.status });
}

/** A JSON type (typeof's words, `array` and `null`) as a reader says it. */
const TYPE_WORDS: Readonly<Record<string, CheckServerKey>> = {
  array: 'checkServer.type.array', object: 'checkServer.type.object', number: 'checkServer.type.number',
  string: 'checkServer.type.string', boolean: 'checkServer.type.boolean', null: 'checkServer.type.null',
};
const typeWord = (type: string) => (TYPE_WORDS[type] ? t(TYPE_WORDS[type]) : type);

export function sayDifference(d: Difference, r: CheckedRequest): string {
  const actualMsg = 'status' in r.actual ? asResult(parseJson(r.actual.body)?.json)?.msg : undefined;
  switch (d.kind) {
    case 'status':
      return t('checkServer.diff.status', { actual: describeAnswer(r.actual as TranscriptResponse), expected: describeAnswer(r.expected), page: pageOnStatus(r.expected, d.actual) });
    case 'content-type':
      return t('checkServer.diff.contentType', { actual: d.actual, expected: d.expected });
    case 'not-json':
      return t('checkServer.diff.notJson');
    case 'code': {
      const expectedMsg = asResult(parseJson(r.expected.body)?.json)?.msg;
      return String(d.expected) === '1'
        ? t('checkServer.diff.codeToFail', { actual: quoted(d.actual), expected: quoted(d.expected), msg: quoted(actualMsg ?? null) })
        : t('checkServer.diff.codeToOk', { actual: quoted(d.actual), expected: quoted(d.expected), msg: quoted(expectedMsg ?? null) });
    }
    case 'msg':
      return t('checkServer.diff.msg', { actual: quoted(d.actual), expected: quoted(d.expected) });
    case 'shape':
      if (d.actual === 'missing') return t('checkServer.diff.missing', { path: d.path, expected: typeWord(d.expected) });
      if (d.actual === 'empty') return t('checkServer.diff.empty', { path: d.path });
      return t('checkServer.diff.type', { path: d.path, actual: typeWord(d.actual), expected: typeWord(d.expected) });
    case 'no-answer':
      return t('checkServer.diff.noAnswer', { reason: d.reason });
  }
}

/** The whole report, as lines. */
export function sayReport(report: CheckReport): string[] {
  const lines = [t('checkServer.head', { target: report.target, source: report.source, count: report.requests.length })];
  if (report.notFresh) {
    const reason = report.notFresh === 'login' ? t('checkServer.notFresh.login') : t('checkServer.notFresh.employees', { total: report.notFresh.employees });
    lines.push(t('checkServer.notFresh', { reason }));
  }
  const groups = [...new Set(report.requests.map((r) => r.group))];
  for (const group of groups) {
    const of = report.requests.filter((r) => r.group === group);
    const differing = of.filter((r) => r.differences.length);
    const name = groupName(group);
    lines.push(differing.length ? t('checkServer.group.differs', { group: name, differing: differing.length, count: of.length }) : t('checkServer.group.same', { group: name, count: of.length }));
    for (const r of of) {
      const head = { method: r.method, path: r.path, name: transcriptName(r.name) };
      if (r.reference) lines.push(t('checkServer.reference', { ...head, why: REFERENCE[r.reference].why[lang()] }));
      if (!r.differences.length) continue;
      lines.push(t('checkServer.request', head));
      for (const d of r.differences) lines.push(`      ${sayDifference(d, r)}`);
    }
  }
  const count = report.requests.length;
  lines.push(report.differing ? t('checkServer.summary.differs', { differing: report.differing, count }) : t('checkServer.summary.same', { count }));
  return lines;
}
