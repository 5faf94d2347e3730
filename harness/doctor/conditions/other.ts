// `info`: lines nginx writes in normal operation; `unknown`: a real nginx line of no known
// condition, grouped by its shape (the message with its numbers, quoted values, addresses and
// paths taken out), so that a user sees one entry per kind of line, with its count and lines.
import type { ErrorLogEntry } from '../../logs/error-log.js';
import { EPISODE_S, type Condition } from '../types.js';
import { entries } from './group.js';
import { errnoIs, fileOp, parentOf, showPath } from '../facts.js';
import { count, series, t } from '../say.js';

/** [warn] lines that are no problem either. */
const BENIGN_WARN = /^using the "\w+" event method/;

export const info: Condition = {
  id: 'info',
  match(e) {
    if (e.message === 'upstream server temporarily disabled') return { by: 'after-attempt', key: `${e.pid}|${e.conn}|${e.request ?? ''}` };
    if (e.level === 'notice' || e.level === 'info' || e.level === 'debug' || (e.level === 'warn' && BENIGN_WARN.test(e.message))) {
      return { by: 'key', key: `info|${e.pid}`, windowS: 60 };
    }
    const exit = /^worker process \d+ exited with code 0$/.test(e.message);
    return exit ? { by: 'key', key: `info|${e.pid}`, windowS: 60 } : undefined;
  },
  explain(g) {
    const es = entries(g);
    const what = [...new Set(es.map((e) => e.message.replace(/\d+/g, 'N')))];
    const wine = es.some((e) => /WSAID_TRANSMITPACKETS/.test(e.message));
    return {
      cause: t(es.length === 1 ? 'doctor.info.one' : 'doctor.info.other', {
        notices: count(es.length, 'notice'),
        what: series(what.slice(0, 3).map((w) => `"${w}"`)) + (what.length > 3 ? t('doctor.list.etc') : ''),
        wine: wine ? t('doctor.info.wine') : '',
      }),
      fix: t('doctor.nothingToDo'),
    };
  },
};

/**
 * A line's message with what varies from line to line taken out: quoted values become "…",
 * addresses, paths and numbers `N`, the errno text stays (it names the kind), and the action
 * stays as ` while …`: `upstream sent unknown "…": "…" while reading response header from upstream`.
 */
export function shapeOf(e: ErrorLogEntry): string {
  const msg = e.message
    .replace(/"(?:[^"\\]|\\.)*"?/g, '"…"')
    .replace(/\b(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?\b|\[[0-9a-fA-F:.]+\](?::\d+)?/g, 'ADDR')
    .replace(/(^|[\s(=])(?:[A-Za-z]:)?[\\/][^\s"(),]*/g, '$1PATH')
    .replace(/\b\d+(?:\.\d+)?\b/g, 'N');
  const errno = e.errno ? ` (${e.errno.code}: ${e.errno.text})` : '';
  return `${msg}${errno}${e.action ? ` while ${e.action.replace(/"(?:[^"\\]|\\.)*"?/g, '"…"').replace(/\b\d+\b/g, 'N')}` : ''}`;
}

export const unknown: Condition = {
  id: 'unknown',
  match(e) {
    // A refused configuration's lines stay apart per place: each is its own line to correct.
    return { by: 'key', key: `unknown|${e.level}|${shapeOf(e)}|${e.conf ? `${e.conf.file}:${e.conf.line}` : ''}`, windowS: EPISODE_S };
  },
  explain(g) {
    const es = entries(g);
    const e = es[0];
    const errno = e.errno ? ` (${e.errno.code}: ${e.errno.text})` : '';
    const times = es.length > 1 ? t('doctor.unknown.times', { n: es.length }) : '';
    if (e.conf && e.level === 'emerg') {
      return {
        cause: t('doctor.unknown.emerg', { times, message: e.message, errno, at: `${e.conf.file}:${e.conf.line}` }),
        fix: t('doctor.unknown.emergFix', { line: e.conf.line, file: e.conf.file }),
        detail: { at: `${e.conf.file}:${e.conf.line}` },
      };
    }
    const op = fileOp(e);
    if (op && errnoIs.notFound(e)) {
      return {
        cause: t('doctor.unknown.notFound', { path: showPath(op.path), errno, times, folder: showPath(parentOf(op.path)) }),
        fix: t('doctor.unknown.notFoundFix', { folder: showPath(parentOf(op.path)) }),
        detail: { level: e.level, path: showPath(op.path) },
      };
    }
    return {
      cause: t('doctor.unknown.cause', { count: es.length > 1 ? `${es.length}× ` : '', shape: shapeOf(e), level: e.level }),
      fix: t('doctor.unknown.fix'),
      detail: { level: e.level, shape: shapeOf(e) },
    };
  },
};
