// `info`: lines nginx writes in normal operation; `unknown`: a real nginx line of no known
// condition, grouped by its shape (the message with its numbers, quoted values, addresses and
// paths taken out), so that a user sees one entry per kind of line, with its count and lines.
import type { ErrorLogEntry } from '../../logs/error-log.js';
import { EPISODE_S, type Condition } from '../types.js';
import { entries } from './group.js';
import { errnoIs, fileOp, parentOf, showPath } from '../facts.js';
import { count, series } from '../say.js';
import { messages } from '../../i18n/index.js';
import { doctorText } from '../texts.js';

const t = messages({
  en: {
    'doctor.info.one': 'A notice nginx writes in normal operation ({what}){wine}: no problem.',
    'doctor.info.other': '{notices} nginx writes in normal operation ({what}){wine}: no problem.',
    'doctor.info.wine': '; the WSAIoctl notice means this Windows (or Wine) lacks TransmitPackets, which nginx does without',
    'doctor.unknown.times': ' {n} times',
    'doctor.unknown.emerg': 'nginx refused its configuration{times}: {message}{errno} at {at}.',
    'doctor.unknown.emergFix': 'Correct line {line} of {file}, check it with "nginx -t", then start nginx again.',
    'doctor.unknown.notFound': 'nginx could not find {path}{errno}{times}: the folder {folder} is missing, or nginx was started from another folder than its own, so a relative path pointed elsewhere.',
    'doctor.unknown.notFoundFix': 'Create {folder} (or restore the file), and start nginx from its own folder.',
    'doctor.unknown.cause': 'nginx logged {count}"{shape}" at [{level}], which this doctor has no diagnosis for.',
    'doctor.unknown.fix': 'Read the quoted lines below with the lines around them; search the message in the nginx documentation or the course forum.',
  },
  'zh-CN': {
    'doctor.info.one': 'nginx 正常运行时写的一条通知（{what}）{wine}：没有问题。',
    'doctor.info.other': 'nginx 正常运行时写的 {notices}（{what}）{wine}：没有问题。',
    'doctor.info.wine': '；WSAIoctl 这条通知表示这个 Windows（或 Wine）没有 TransmitPackets，nginx 不需要它也能工作',
    'doctor.unknown.times': ' {n} 次',
    'doctor.unknown.emerg': 'nginx 拒绝了它的配置{times}：{at} 处 {message}{errno}。',
    'doctor.unknown.emergFix': '改正 {file} 的第 {line} 行，用 "nginx -t" 检查，然后重新启动 nginx。',
    'doctor.unknown.notFound': 'nginx 找不到 {path}{errno}{times}：文件夹 {folder} 不存在，或者 nginx 是从别的文件夹启动的，相对路径指向了别处。',
    'doctor.unknown.notFoundFix': '创建 {folder}（或者恢复这个文件），并在 nginx 自己的文件夹中启动它。',
    'doctor.unknown.cause': 'nginx 以 [{level}] 级别记录了 {count}"{shape}"，doctor 对它还没有诊断。',
    'doctor.unknown.fix': '结合前后的日志行阅读下面引用的行；在 nginx 文档或课程论坛中搜索这条消息。',
  },
});

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
        what: series(what.slice(0, 3).map((w) => `"${w}"`)) + (what.length > 3 ? doctorText('doctor.list.etc') : ''),
        wine: wine ? t('doctor.info.wine') : '',
      }),
      fix: doctorText('doctor.nothingToDo'),
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
