// Conditions that stop nginx from starting or from taking a signal: a missing temp folder, a
// port it may not or cannot bind, its configuration not found or not readable, a path it cannot
// encode, an upstream name it cannot resolve, and `nginx -s ...` with no nginx to signal.
import type { ErrorLogEntry } from '../../logs/error-log.js';
import { EPISODE_S, type Condition, type Explained, type Group, type LogView } from '../types.js';
import { at, entries, first } from './group.js';
import { restartNginx, startNginx } from './platform.js';
import { baseName, errnoIs, errText, fileOp, isConnectFailure, looksWindows, nginxFolder, nonAscii, parentOf, shortRequest, showPath } from '../facts.js';
import { count, inYourConf, list, series } from '../say.js';
import { t } from './startup.texts.js';
import { doctorText } from '../texts.js';

/** `14 start attempts, 2025/02/03 19:17:56 to 19:21:59` */
function attempts(g: Group): string {
  const es = entries(g);
  if (es.length === 1) return es[0].time ? t('doctor.attempts.at', { time: es[0].time }) : t('doctor.attempts.once');
  const a = es[0].time;
  const z = es[es.length - 1].time;
  const n = count(es.length, 'startAttempt');
  return a && z ? t('doctor.attempts.range', { attempts: n, from: a, to: a.slice(0, 10) === z.slice(0, 10) ? z.slice(11) : z }) : n;
}

// ---- path-encoding ----------------------------------------------------------------------------

/** The instructor's three lines the course's nginx-1.20.2/logs/error.log ships with: known by their time and pid, or by his folder (…\授课资料\…). */
const SHIPPED = new Set(['2022/09/13 09:52:09 16120', '2022/09/19 14:13:10 6884', '2023/03/04 10:52:01 12092']);

export function isShipped(e: ErrorLogEntry): boolean {
  return SHIPPED.has(`${e.time} ${e.pid}`) || /[\\/]授课/.test(fileOp(e)?.path ?? '');
}

export const pathEncoding: Condition = {
  id: 'path-encoding',
  match(e) {
    const op = fileOp(e);
    const code = Number(e.errno?.code);
    const encoded = code === 1113 || (op !== undefined && nonAscii(nginxFolder(op.path) ?? '') && (errnoIs.notFound(e) || code === 123));
    if (!encoded) return undefined;
    // One incident per nginx folder: two copies of the course's folder are two things to move.
    return { by: 'repeat', key: isShipped(e) ? 'shipped' : `own|${op ? (nginxFolder(op.path) ?? parentOf(op.path)) : ''}` };
  },
  explain(g) {
    const es = entries(g);
    const e = first(es);
    const path = fileOp(e)?.path ?? '';
    const folder = nginxFolder(path) ?? parentOf(path);
    if (es.every(isShipped)) {
      const dates = series(es.map((x) => x.time?.slice(0, 10)).filter((d): d is string => Boolean(d)));
      return {
        cause: t(es.length === 1 ? 'doctor.shipped.one' : 'doctor.shipped.other', { n: es.length, dates, folder: showPath(folder) }),
        fix: t('doctor.shipped.fix'),
        detail: { shipped: true, harmless: true },
      };
    }
    return {
      cause: t('doctor.encoding.cause', { path: showPath(path), err: errText(e), attempts: attempts(g) }),
      fix: t('doctor.encoding.fix'),
      detail: { path: showPath(path), folder: showPath(folder) },
    };
  },
};

// ---- signal-failed ----------------------------------------------------------------------------

const OPEN_EVENT = /^OpenEvent\("Global\\ngx_(stop|quit|reopen|reload)_(\d+)"\) failed$/;

export const signalFailed: Condition = {
  id: 'signal-failed',
  match(e) {
    const ev = OPEN_EVENT.exec(e.message);
    if (ev) return { by: 'key', key: `signal|${ev[2]}`, windowS: EPISODE_S };
    const op = fileOp(e);
    if (op && /nginx\.pid$/.test(op.path) && errnoIs.notFound(e)) return { by: 'key', key: 'signal|pidfile', windowS: EPISODE_S };
    if (/^invalid PID number/.test(e.message)) return { by: 'key', key: 'signal|pidfile', windowS: EPISODE_S };
    const kill = /^kill\((\d+), \d+\) failed$/.exec(e.message);
    if (kill && Number(e.errno?.code) === 3 && e.conn === undefined) return { by: 'key', key: `signal|${kill[1]}`, windowS: EPISODE_S };
    return undefined;
  },
  explain(g, log) {
    const es = entries(g);
    const events = es.map((e) => OPEN_EVENT.exec(e.message)).filter((m): m is RegExpExecArray => m !== null);
    if (events.length) {
      const signals = [...new Set(events.map((m) => m[1]))].map((s) => `nginx -s ${s}`).join('", "');
      const pid = events[0][2];
      return {
        cause: t('doctor.signal.noNginx', { signals, tries: es.length > 1 ? t('doctor.signal.tries', { n: es.length }) : '', pid }),
        fix: t('doctor.signal.noNginxFix'),
        detail: { signals: [...new Set(events.map((m) => m[1]))], pid: Number(pid) },
      };
    }
    const op = es.map(fileOp).find((o) => o !== undefined);
    const kill = es.map((e) => /^kill\((\d+), \d+\) failed$/.exec(e.message)).find((m) => m);
    return {
      cause: op ? t('doctor.signal.noPidFile', { path: op.path }) : kill ? t('doctor.signal.stale', { pid: kill[1] }) : t('doctor.signal.invalid'),
      fix: t('doctor.signal.fix', { start: startNginx(log, es.some(looksWindows)) }),
    };
  },
};

// ---- access-denied ----------------------------------------------------------------------------

export const accessDenied: Condition = {
  id: 'access-denied',
  match(e) {
    if (!errnoIs.denied(e) && !errnoIs.readOnly(e)) return undefined;
    const op = fileOp(e);
    if (op && e.client !== undefined) return { by: 'key', key: `denied|${e.pid}|${isTempFile(op.path) ? tempFolderOf(op.path) : op.path}`, windowS: EPISODE_S };
    if (op) return { by: 'repeat', key: `denied|${op.path}` };
    if (isConnectFailure(e)) return { by: 'key', key: `selinux|${e.pid}`, windowS: EPISODE_S };
    return undefined;
  },
  explain(g, log) {
    const es = entries(g);
    const e = first(es);
    const op = fileOp(e);
    if (!op) {
      return {
        cause: t('doctor.denied.selinux', { err: errText(e) }),
        fix: t('doctor.denied.selinuxFix'),
        detail: { selinux: true },
      };
    }
    const windows = looksWindows(e);
    if (errnoIs.readOnly(e)) return readOnly(g, op.path, log);
    if (e.client !== undefined && isTempFile(op.path)) {
      const folder = tempFolderOf(op.path);
      return {
        cause: t('doctor.denied.temp', {
          folder: showPath(folder),
          err: errText(e),
          request: shortRequest(e.request),
          more: es.length > 1 ? t('doctor.denied.andMore', { more: count(es.length - 1, 'more') }) : '',
          why: t(windows ? 'doctor.denied.tempWindows' : 'doctor.denied.tempLinux'),
        }),
        fix: windows ? t('doctor.denied.tempFixWindows', { folder: showPath(folder) }) : t('doctor.denied.tempFixLinux', { folder }),
        detail: { path: showPath(folder) },
      };
    }
    const what = e.client !== undefined ? t('doctor.serving', { request: e.request ?? t('doctor.aRequest') }) : attempts(g);
    return {
      cause: windows ? t('doctor.denied.windows', { path: showPath(op.path), err: errText(e), what }) : t('doctor.denied.linux', { path: op.path, err: errText(e), what }),
      fix: windows ? t('doctor.denied.fixWindows', { path: showPath(op.path) }) : t('doctor.denied.fixLinux', { parent: parentOf(op.path) }),
      detail: { path: showPath(op.path) },
    };
  },
};

/** EROFS: no permission helps; the file system itself is mounted read-only. */
function readOnly(g: Group, path: string, log: LogView): Explained {
  const e = first(entries(g));
  const folder = e.client !== undefined && isTempFile(path) ? tempFolderOf(path) : parentOf(path);
  const serving = e.client !== undefined;
  return {
    cause: t('doctor.readOnly.cause', { path: showPath(path), err: errText(e), what: serving ? t('doctor.serving', { request: shortRequest(e.request) }) : attempts(g), folder }),
    fix: t('doctor.readOnly.fix', { folder, restart: restartNginx(log, false) }),
    detail: { path: showPath(path), readOnly: true },
  };
}

// ---- temp-dir-missing -------------------------------------------------------------------------

/** A temporary file nginx writes while serving a request: `.../client_body_temp/0000000001` (its name is 10 digits). */
export function isTempFile(path: string): boolean {
  return /[\\/]\d{10}$/.test(path);
}

export const tempDirMissing: Condition = {
  id: 'temp-dir-missing',
  match(e) {
    const op = fileOp(e);
    if (!op || !errnoIs.notFound(e)) return undefined;
    if (e.client !== undefined) return isTempFile(op.path) ? { by: 'key', key: `tempfile|${e.pid}|${parentOf(op.path)}`, windowS: EPISODE_S } : undefined;
    if (!/^(CreateDirectory|mkdir)$/.test(op.fn) && !/[\\/]\w+_temp$/.test(op.path)) return undefined;
    return { by: 'repeat', key: `temp|${op.path}` };
  },
  explain(g) {
    const e = first(entries(g));
    const path = fileOp(e)!.path;
    const windows = looksWindows(e);
    if (e.client !== undefined) {
      const folder = tempFolderOf(path);
      const n = g.lines.length;
      return {
        cause: t(n === 1 ? 'doctor.temp.file.one' : 'doctor.temp.file.other', { folder: showPath(folder), err: errText(e), n, request: shortRequest(e.request) }),
        fix: windows ? t('doctor.temp.fileFixWindows', { folder: showPath(folder) }) : t('doctor.temp.fileFixLinux', { folder }),
        detail: { missing: showPath(folder), requests: n },
      };
    }
    const parent = parentOf(path);
    const isTemp = baseName(parent) === 'temp';
    return {
      cause: t('doctor.temp.cause', { parent: showPath(parent), name: baseName(path), attempts: attempts(g), git: isTemp ? t('doctor.temp.git') : '' }),
      fix: windows ? t('doctor.temp.fixWindows', { name: baseName(parent), parent: showPath(parent) }) : t('doctor.temp.fixLinux', { parent }),
      detail: { missing: showPath(parent) },
    };
  },
};

/** The temp folder of a temp file: `.../client_body_temp` of `.../client_body_temp/1/00/0000000001` (temp levels). */
function tempFolderOf(path: string): string {
  let p = parentOf(path);
  while (/^\d{1,2}$/.test(baseName(p))) p = parentOf(p);
  return p;
}

// ---- conf-not-found ---------------------------------------------------------------------------

export const confNotFound: Condition = {
  id: 'conf-not-found',
  match(e) {
    const op = fileOp(e);
    if (!op || !errnoIs.notFound(e) || e.client !== undefined) return undefined;
    if (!/\.conf$|[\\/]conf[\\/]|mime\.types$/.test(op.path) && !e.conf) return undefined;
    return { by: 'repeat', key: `conf|${op.path}` };
  },
  explain(g) {
    const e = first(entries(g));
    const path = fileOp(e)!.path;
    const folder = nginxFolder(path);
    if (e.conf) {
      const place = `${e.conf.file}:${e.conf.line}`;
      return {
        cause: t('doctor.confMissing.include', { at: place, path, err: errText(e), attempts: attempts(g) }),
        fix: t('doctor.confMissing.includeFix', { path, at: place }),
        detail: { path },
      };
    }
    const windows = looksWindows(e);
    return {
      cause: t('doctor.confMissing.cause', { path: showPath(path), err: errText(e), attempts: attempts(g), rel: windows ? 'conf\\nginx.conf' : 'conf/nginx.conf' }),
      fix: windows
        ? t('doctor.confMissing.fixWindows', { path: showPath(path), looked: folder ? t('doctor.confMissing.looked', { folder: showPath(folder) }) : '' })
        : t('doctor.confMissing.fixLinux', { path }),
      detail: { path: showPath(path) },
    };
  },
};

// ---- port-forbidden / bind-failed -------------------------------------------------------------

// listen() can fail with EADDRINUSE too when the port is taken between bind() and listen().
const BIND = /^(?:bind|listen)\(\) to ([^\s,]+)(?:, backlog -?\d+)? failed$/;

function portOf(addr: string): number | undefined {
  const m = /:(\d+)$/.exec(addr);
  return m ? Number(m[1]) : undefined;
}

/** With --conf: the `listen` lines on that port. */
function listenPointer(log: LogView, port: number): string {
  return inYourConf((log.conf?.listens(port) ?? []).map(at));
}

export const portForbidden: Condition = {
  id: 'port-forbidden',
  match(e) {
    const b = BIND.exec(e.message);
    const code = Number(e.errno?.code);
    return b && (code === 10013 || code === 13) ? { by: 'repeat', key: `forbid|${b[1]}` } : undefined;
  },
  explain(g, log) {
    const e = first(entries(g));
    const addr = BIND.exec(e.message)![1];
    const port = portOf(addr) ?? 80;
    if (Number(e.errno?.code) === 13) {
      return {
        cause: t('doctor.forbidden.linux', { addr, err: errText(e), attempts: attempts(g) }),
        fix: t('doctor.forbidden.linuxFix', { pointer: listenPointer(log, port) }),
        detail: { address: addr, port },
      };
    }
    return {
      cause: t('doctor.forbidden.windows', { addr, attempts: attempts(g), port }),
      fix: t('doctor.forbidden.windowsFix', { port, stop: t(port === 80 || port === 443 ? 'doctor.forbidden.stopHttp' : 'doctor.forbidden.winnat'), pointer: listenPointer(log, port) }),
      detail: { address: addr, port },
    };
  },
};

/** The listening socket nginx could not even create: `socket() [::]:80 failed (97: ...)`. */
const SOCKET = /^socket\(\) (\S+) failed$/;
// EAFNOSUPPORT, WSAEAFNOSUPPORT: a listen on an IPv6 address where the system has no IPv6.
const NO_FAMILY = new Set([97, 10047]);
/** The address of a listen that failed for want of IPv6, or undefined. */
const noIpv6 = (e: ErrorLogEntry) => (NO_FAMILY.has(Number(e.errno?.code)) ? (SOCKET.exec(e.message) ?? BIND.exec(e.message))?.[1] : undefined);

export const bindFailed: Condition = {
  id: 'bind-failed',
  match(e) {
    if (e.message === 'still could not bind()') return { by: 'repeat', key: null };
    if (noIpv6(e)) return { by: 'repeat', key: 'no-ipv6' };
    const b = BIND.exec(e.message);
    // In use (98, 10048), or an address this machine lacks (99, 10049); other errnos are not this.
    return b && [98, 10048, 99, 10049].includes(Number(e.errno?.code)) ? { by: 'repeat', key: `bind|${portOf(b[1]) ?? b[1]}` } : undefined;
  },
  explain(g, log) {
    const es = entries(g);
    const ipv6 = [...new Set(es.map(noIpv6).filter((a) => a !== undefined))];
    if (ipv6.length) {
      const ports = [...new Set(ipv6.map((a) => portOf(a) ?? 80))];
      return {
        cause: t('doctor.bind.noIpv6', { addrs: list(ipv6), err: errText(es.find((x) => noIpv6(x))!) }),
        fix: t('doctor.bind.noIpv6Fix', { listens: list(ipv6.map((a) => `"listen ${a};"`)), pointer: inYourConf(ports.flatMap((p) => (log.conf?.listens(p) ?? []).map(at))) }),
        detail: { addresses: ipv6, ports },
      };
    }
    const e = es.find((x) => BIND.test(x.message)) ?? first(es);
    const addr = BIND.exec(e.message)?.[1];
    const port = addr ? portOf(addr) : undefined;
    const code = Number(e.errno?.code);
    const windows = code === 10048 || code === 10049 || looksWindows(e);
    const tries = es.filter((x) => BIND.test(x.message)).length;
    const gaveUp = es.some((x) => x.message === 'still could not bind()');
    if (code === 99 || code === 10049) {
      return {
        cause: t('doctor.bind.noAddress', { addr: addr ?? '', err: errText(e) }),
        fix: t('doctor.bind.noAddressFix', { port: port ?? 80, pointer: listenPointer(log, port ?? 80) }),
        detail: { address: addr, port },
      };
    }
    const p = port ?? 80;
    return {
      cause: t('doctor.bind.inUse', {
        addr: addr ?? doctorText('doctor.proxyLoop.port', { port: p }),
        err: e.errno ? doctorText('doctor.paren', { s: errText(e) }) : '',
        tries: count(tries, 'bindTry'),
        gaveUp: gaveUp ? t('doctor.bind.gaveUp') : '',
      }),
      fix: t(windows ? 'doctor.bind.fixWindows' : 'doctor.bind.fixLinux', { port: p, pointer: listenPointer(log, p) }),
      detail: { ...(addr ? { address: addr } : {}), port: p },
    };
  },
};

// ---- host-not-found ---------------------------------------------------------------------------

const HOST = /^(host not found|invalid host) in upstream "(.*)"$|^(\S+) could not be resolved|^no resolver defined to resolve (\S+)|^host not found in (?:resolver )?"(.*?)"(?: of the "\w+" directive)?$/;

export const hostNotFound: Condition = {
  id: 'host-not-found',
  match(e) {
    const m = HOST.exec(e.message);
    if (!m) return undefined;
    return { by: 'repeat', key: `host|${m[2] ?? m[3] ?? m[4] ?? m[5]}|${e.conf?.file ?? ''}:${e.conf?.line ?? ''}` };
  },
  explain(g) {
    const es = entries(g);
    const e = es.find((x) => HOST.test(x.message))!;
    const m = HOST.exec(e.message)!;
    const host = m[2] ?? m[3] ?? m[4] ?? m[5];
    const where = e.conf ? `${e.conf.file}:${e.conf.line}` : 'nginx.conf';
    const crash = es.find((x) => /^worker process \d+ exited/.test(x.message));
    const respawn = es.some((x) => /^could not respawn/.test(x.message));
    const after = crash ? t('doctor.host.after', { exit: crash.message.replace(/^worker process /, 'process '), respawn: respawn ? t('doctor.host.respawn') : '' }) : '';
    const detail: Record<string, unknown> = { host, at: where };
    if (crash) detail.workerExited = true;
    if (respawn) detail.respawnFailed = true;
    const times = es.filter((x) => HOST.test(x.message)).length;
    const count = times > 1 ? doctorText('doctor.timesParen', { n: times }) : '';
    if (m[1] === 'invalid host' && /^[a-z]+:\/\//.test(host)) {
      const bare = host.replace(/^[a-z]+:\/\//, '').replace(/\/.*$/, '');
      return {
        cause: t('doctor.host.scheme', { count, where, host }),
        fix: t('doctor.host.schemeFix', { bare, where }),
        detail,
      };
    }
    if (m[1] === 'invalid host') {
      return {
        cause: t('doctor.host.invalid', { count, host, where }),
        fix: t('doctor.host.invalidFix', { where }),
        detail,
      };
    }
    if (host === 'localhost') {
      return {
        cause: t('doctor.host.localhost', { where, count, after }),
        fix: t('doctor.host.localhostFix', { hosts: looksWindows(e) ? 'C:\\Windows\\System32\\drivers\\etc\\hosts' : '/etc/hosts' }),
        detail,
      };
    }
    // A name without dot or port in proxy_pass is an upstream { } block's (a listen's or resolver's is not).
    const upstreamName = m[5] === undefined && !host.includes('.') && !host.includes(':');
    return upstreamName
      ? { cause: t('doctor.host.upstream', { where, host, count, after }), fix: t('doctor.host.upstreamFix', { host }), detail }
      : {
          cause: t('doctor.host.resolve', { host, where, count, after }),
          fix: t('doctor.host.resolveFix', { docker: /docker\.internal/.test(host) ? t('doctor.host.docker') : '' }),
          detail,
        };
  },
};
