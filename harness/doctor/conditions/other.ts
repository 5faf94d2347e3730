// `info`: lines nginx writes in normal operation; `unknown`: a real nginx line of no known condition.
import type { Condition, Group } from '../types.js';
import { errnoIs, fileOp, parentOf, plural, showPath } from '../facts.js';

const entries = (g: Group) => g.lines.map((l) => l.entry);

/** [warn] lines that are no problem either. */
const BENIGN_WARN = /^a client request body is buffered to a temporary file|^an upstream response is buffered to a temporary file|^using the "\w+" event method/;

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
      cause: `${es.length === 1 ? 'A notice' : plural(es.length, 'notice')} nginx writes in normal operation (${what.slice(0, 3).map((w) => `"${w}"`).join(', ')}${what.length > 3 ? ', ...' : ''})${wine ? '; the WSAIoctl notice means this Windows (or Wine) lacks TransmitPackets, which nginx does without' : ''}: no problem.`,
      fix: 'Nothing to do.',
    };
  },
};

export const unknown: Condition = {
  id: 'unknown',
  match(e) {
    return { by: 'repeat', key: `unknown|${e.level}|${e.message}|${e.errno?.code ?? ''}` };
  },
  explain(g) {
    const es = entries(g);
    const e = es[0];
    const errno = e.errno ? ` (${e.errno.code}: ${e.errno.text})` : '';
    const times = es.length > 1 ? ` ${es.length} times` : '';
    if (e.conf) {
      return {
        cause: `nginx refused its configuration${times}: ${e.message}${errno} at ${e.conf.file}:${e.conf.line}.`,
        fix: `Correct line ${e.conf.line} of ${e.conf.file}, check it with "nginx -t", then start nginx again.`,
        detail: { at: `${e.conf.file}:${e.conf.line}` },
      };
    }
    const op = fileOp(e);
    if (op && errnoIs.notFound(e)) {
      return {
        cause: `nginx could not find ${showPath(op.path)}${errno}${times}: the folder ${showPath(parentOf(op.path))} is missing, or nginx was started from another folder than its own, so a relative path pointed elsewhere.`,
        fix: `Create ${showPath(parentOf(op.path))} (or restore the file), and start nginx from its own folder.`,
        detail: { level: e.level, path: showPath(op.path) },
      };
    }
    return {
      cause: `nginx logged "${e.message}${errno}"${e.action ? ` while ${e.action}` : ''} at [${e.level}]${times}, which this doctor has no diagnosis for.`,
      fix: 'Read the quoted lines below with the lines around them; search the message in the nginx documentation or the course forum.',
      detail: { level: e.level },
    };
  },
};
