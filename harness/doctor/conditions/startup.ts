// Conditions that stop nginx from starting or from taking a signal: a missing temp folder, a
// port it may not or cannot bind, its configuration not found or not readable, a path it cannot
// encode, an upstream name it cannot resolve, and `nginx -s ...` with no nginx to signal.
import type { ErrorLogEntry } from '../../logs/error-log.js';
import { EPISODE_S, type Condition, type Explained, type Group, type LogView } from '../types.js';
import { at, entries, first } from './group.js';
import { restartNginx, startNginx } from './platform.js';
import { baseName, errnoIs, errText, fileOp, isConnectFailure, looksWindows, nginxFolder, nonAscii, parentOf, plural, shortRequest, showPath } from '../facts.js';


/** `14 start attempts, 2025/02/03 19:17:56 to 19:21:59` */
function attempts(g: Group): string {
  const es = entries(g);
  if (es.length === 1) return es[0].time ? `at ${es[0].time}` : 'once';
  const a = es[0].time;
  const z = es[es.length - 1].time;
  return `${plural(es.length, 'start attempt')}${a && z ? `, ${a} to ${a.slice(0, 10) === z.slice(0, 10) ? z.slice(11) : z}` : ''}`;
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
      const dates = es.map((x) => x.time?.slice(0, 10)).filter(Boolean).join(', ');
      return {
        cause: `${es.length === 1 ? 'This line' : `These ${es.length} lines`} came with the course's nginx folder: the instructor's nginx wrote ${es.length === 1 ? 'it' : 'them'} on ${dates} under ${showPath(folder)}, so ${es.length === 1 ? 'it is' : 'they are'} not a problem on your machine.`,
        fix: 'Nothing to do; you may empty logs\\error.log so that only your own nginx\'s lines remain.',
        detail: { shipped: true, harmless: true },
      };
    }
    return {
      cause: `nginx could not open ${showPath(path)} (${errText(e)}) because the path of its folder has non-ASCII (e.g. Chinese) characters, which nginx on Windows cannot map (${attempts(g)}).`,
      fix: 'Move the nginx-1.20.2 folder to a path of plain ASCII letters, e.g. D:\\nginx-1.20.2, and start nginx there (the course readme: the nginx folder must not be under a folder with Chinese characters).',
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
        cause: `"${signals}" found no nginx to signal${es.length > 1 ? ` (${es.length} tries)` : ''}: logs\\nginx.pid names process ${pid}, which is not running (nginx was stopped, crashed, or runs from another folder).`,
        fix: 'Start nginx first ("start nginx" in its folder); if "tasklist | findstr nginx" shows a stray nginx.exe, end it with "taskkill /IM nginx.exe /F", delete logs\\nginx.pid, and start nginx again.',
        detail: { signals: [...new Set(events.map((m) => m[1]))], pid: Number(pid) },
      };
    }
    const op = es.map(fileOp).find((o) => o !== undefined);
    const kill = es.map((e) => /^kill\((\d+), \d+\) failed$/.exec(e.message)).find((m) => m);
    return {
      cause: op
        ? `"nginx -s ..." found no pid file ${op.path}: nginx is not running (or was started with another prefix or -c).`
        : kill
          ? `"nginx -s ..." signalled process ${kill[1]}, which no longer exists: the pid file is stale and nginx is not running.`
          : `"nginx -s ..." found no valid pid in the pid file: nginx is not running.`,
      fix: `Start nginx (${startNginx(log, es.some(looksWindows))}) before sending it signals, using the same -p/-c as the running one; remove a stale pid file.`,
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
        cause: `The system forbids nginx to connect to the admin server (${errText(e)}): on Fedora, RHEL or CentOS that is SELinux, which by default keeps nginx from making outgoing connections.`,
        fix: 'Run "sudo setsebool -P httpd_can_network_connect 1" (or allow the port in your security policy), then retry.',
        detail: { selinux: true },
      };
    }
    const windows = looksWindows(e);
    if (errnoIs.readOnly(e)) return readOnly(g, op.path, log);
    if (e.client !== undefined && isTempFile(op.path)) {
      const folder = tempFolderOf(op.path);
      return {
        cause: `nginx may not write its temporary files in ${showPath(folder)} (${errText(e)}), so requests whose body or response is too big for memory fail with 500 ("${shortRequest(e.request)}"${es.length > 1 ? ` and ${plural(es.length - 1, 'more')}` : ''}): the folder belongs to another user than nginx's workers${windows ? ' or is read-only' : ' (after a change of the "user" directive, say)'}.`,
        fix: windows
          ? `Make ${showPath(folder)} writable for the user nginx runs as (not under C:\\Program Files), then restart nginx.`
          : `Give nginx's worker user that folder ("sudo chown -R <user> ${folder}", the user of the "user" directive: www-data on Debian, nginx on Fedora), then reload nginx.`,
        detail: { path: showPath(folder) },
      };
    }
    const what = e.client !== undefined ? `while serving ${e.request ?? 'a request'}` : attempts(g);
    return {
      cause: windows
        ? `Windows denied nginx access to ${showPath(op.path)} (${errText(e)}, ${what}): the file is read-only or protected, or another program (often an nginx.exe still running) holds it.`
        : `nginx's user may not open ${op.path} (${errText(e)}, ${what}): the file or a folder above it belongs to another user or lacks the permission.`,
      fix: windows
        ? `Stop every nginx ("taskkill /IM nginx.exe /F"), make sure ${showPath(op.path)} is not read-only and its folder is writable (not under C:\\Program Files), then start nginx again.`
        : `Give nginx's user access ("ls -l ${parentOf(op.path)}"; chown or chmod as needed, e.g. the user in the "user" directive), then start or reload nginx.`,
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
    cause: `nginx cannot write ${showPath(path)} (${errText(e)}, ${serving ? `while serving ${shortRequest(e.request)}` : attempts(g)}): the file system that holds ${folder} is mounted read-only, so no owner or permission change helps. In a container that is "read_only: true" (or --read-only) without a writable volume there; under systemd, ProtectSystem= of the unit; else a disk the kernel remounted read-only after errors ("dmesg" says so).`,
    fix: `Give nginx a writable place for ${folder}: a tmpfs or volume mounted there (docker: tmpfs: ["${folder}"]), ReadWritePaths=${folder} in the systemd unit, or a *_temp_path / pid / log path on a writable disk in nginx.conf; then ${restartNginx(log, false)}.`,
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
        cause: `nginx could not create a temporary file in ${showPath(folder)} (${errText(e)}) for ${n === 1 ? `"${shortRequest(e.request)}"` : `${n} requests (the first "${shortRequest(e.request)}")`}, whose body or response was too big for memory, so ${n === 1 ? 'it' : 'they'} failed with 500: that folder was deleted, or never made, after nginx started (nginx makes its temp folders only at start).`,
        fix: windows
          ? `Create the folder ${showPath(folder)} (or restart nginx, which makes it: "nginx -s stop", then "start nginx" in its folder), and leave the temp folder next to nginx.exe in place.`
          : `Create it ("mkdir -p ${folder}", owned by nginx's user) or restart nginx, which makes it.`,
        detail: { missing: showPath(folder), requests: n },
      };
    }
    const parent = parentOf(path);
    const isTemp = baseName(parent) === 'temp';
    return {
      cause: `nginx cannot start because the folder ${showPath(parent)} does not exist: nginx creates ${baseName(path)} itself but never its parent (${attempts(g)})${isTemp ? '; Git does not keep empty folders, so a cloned or zipped nginx-1.20.2 lacks temp' : ''}.`,
      fix: windows
        ? `Create the \`${baseName(parent)}\` folder next to nginx.exe: ${showPath(parent)}, then start nginx again.`
        : `Create it with "mkdir -p ${parent}" (or fix the *_temp_path in nginx.conf), then start nginx again.`,
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
      return {
        cause: `${e.conf.file}:${e.conf.line} includes ${path}, which does not exist (${errText(e)}), so nginx refused its configuration (${attempts(g)}).`,
        fix: `Restore ${path} (it ships with nginx) or correct the path at ${e.conf.file}:${e.conf.line}, then check with "nginx -t".`,
        detail: { path },
      };
    }
    const windows = looksWindows(e);
    return {
      cause: `nginx could not open its configuration ${showPath(path)} (${errText(e)}, ${attempts(g)}): it was started from a folder other than its own, so it looked for ${windows ? 'conf\\nginx.conf' : 'conf/nginx.conf'} there, or the file is missing.`,
      fix: windows
        ? `Start nginx from its own folder ("cd /d <the folder of nginx.exe>" then "start nginx"), or pass the full path with -c; make sure ${showPath(path)} is the file you mean${folder ? ` (nginx looked in ${showPath(folder)})` : ''}.`
        : `Start nginx with the prefix and -c of your installation (nginx -p <prefix> -c conf/nginx.conf), or restore ${path}.`,
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
  const places = log.conf?.listens(port) ?? [];
  return places.length ? ` In your conf: ${places.map(at).join(', ')}.` : '';
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
        cause: `Linux lets only root listen on ports below 1024, so nginx could not bind ${addr} (${errText(e)}, ${attempts(g)}).`,
        fix: `Start nginx as root (sudo), give it the capability ("sudo setcap cap_net_bind_service=+ep $(command -v nginx)"), or listen on a port above 1023 (e.g. listen 8081;).${listenPointer(log, port)}`,
        detail: { address: addr, port },
      };
    }
    return {
      cause: `Windows forbids nginx to listen on ${addr} (10013, ${attempts(g)}): port ${port} is reserved (a Hyper-V, WSL or Docker excluded port range) or claimed by a system service such as HTTP.sys (IIS, World Wide Web Publishing Service).`,
      fix: `Run "netsh int ipv4 show excludedportrange protocol=tcp" and "netstat -ano | findstr :${port}" (as administrator) to see who holds port ${port}; ${port === 80 || port === 443 ? 'stop HTTP.sys users with "net stop http" (or the W3SVC service), ' : 'restart the "winnat" service (net stop winnat, net start winnat) to free a reserved range, '}or use another port: "listen 8081;" and open http://localhost:8081.${listenPointer(log, port)}`,
      detail: { address: addr, port },
    };
  },
};

export const bindFailed: Condition = {
  id: 'bind-failed',
  match(e) {
    if (e.message === 'still could not bind()') return { by: 'repeat', key: null };
    const b = BIND.exec(e.message);
    // In use (98, 10048), or an address this machine lacks (99, 10049); other errnos (97: no IPv6) are not this.
    return b && [98, 10048, 99, 10049].includes(Number(e.errno?.code)) ? { by: 'repeat', key: `bind|${portOf(b[1]) ?? b[1]}` } : undefined;
  },
  explain(g, log) {
    const es = entries(g);
    const e = es.find((x) => BIND.test(x.message)) ?? first(es);
    const addr = BIND.exec(e.message)?.[1];
    const port = addr ? portOf(addr) : undefined;
    const code = Number(e.errno?.code);
    const windows = code === 10048 || code === 10049 || looksWindows(e);
    const tries = es.filter((x) => BIND.test(x.message)).length;
    const gaveUp = es.some((x) => x.message === 'still could not bind()');
    if (code === 99 || code === 10049) {
      return {
        cause: `nginx was told to listen on ${addr}, an address this machine does not have (${errText(e)}).`,
        fix: `Listen on an address of this machine (listen ${port ?? 80}; for all of them, or 127.0.0.1:${port ?? 80}).${listenPointer(log, port ?? 80)}`,
        detail: { address: addr, port },
      };
    }
    const p = port ?? 80;
    return {
      cause: `Something else already listens on ${addr ?? `port ${p}`}${e.errno ? ` (${errText(e)})` : ''}, so nginx could not start (${plural(tries, 'bind() try', 'bind() tries')}${gaveUp ? ', then "still could not bind()"' : ''}).`,
      fix: windows
        ? `Something else holds port ${p}: on Windows run "netstat -ano | findstr :${p}" and "tasklist /FI \\"PID eq <pid>\\"" to see what; often it is an nginx.exe started earlier (stop it with "nginx -s stop" or "taskkill /IM nginx.exe /F"), or change "listen ${p}" in nginx.conf.${listenPointer(log, p)}`
        : `Something else holds port ${p}: run "sudo ss -ltnp 'sport = :${p}'" to see what (often another nginx: "sudo nginx -s stop" or "systemctl stop nginx"), or change "listen ${p}" in nginx.conf.${listenPointer(log, p)}`,
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
    const after = crash
      ? `; the worker that read it exited (${crash.message.replace(/^worker process /, 'process ')})${respawn ? ' and the master could not start another, so nginx answers nothing' : ''}`
      : '';
    const detail: Record<string, unknown> = { host, at: where };
    if (crash) detail.workerExited = true;
    if (respawn) detail.respawnFailed = true;
    const times = es.filter((x) => HOST.test(x.message)).length;
    const count = times > 1 ? ` (${times} times)` : '';
    if (m[1] === 'invalid host' && /^[a-z]+:\/\//.test(host)) {
      const bare = host.replace(/^[a-z]+:\/\//, '').replace(/\/.*$/, '');
      return {
        cause: `nginx refused its configuration${count}: ${where} gives the upstream server as "${host}", but a "server" line in an upstream { } block takes host:port without "http://".`,
        fix: `Write "server ${bare};" at ${where} (keep http:// only in proxy_pass), then start nginx again.`,
        detail,
      };
    }
    if (m[1] === 'invalid host') {
      return {
        cause: `nginx refused its configuration${count}: "${host}" at ${where} is not a valid host[:port].`,
        fix: `Correct the address at ${where} (host:port, no scheme, no path), then check with "nginx -t".`,
        detail,
      };
    }
    if (host === 'localhost') {
      return {
        cause: `nginx could not resolve "localhost" when it read ${where}${count}${after}.`,
        fix: `Make sure ${looksWindows(e) ? 'C:\\Windows\\System32\\drivers\\etc\\hosts' : '/etc/hosts'} maps localhost ("127.0.0.1 localhost" and "::1 localhost"), or write proxy_pass http://127.0.0.1:8080/admin/; then start nginx again.`,
        detail,
      };
    }
    // A name without dot or port in proxy_pass is an upstream { } block's (a listen's or resolver's is not).
    const upstreamName = m[5] === undefined && !host.includes('.') && !host.includes(':');
    return upstreamName
      ? {
          cause: `proxy_pass at ${where} names "${host}", but no "upstream ${host} { ... }" block is defined in the http { } block and no host of that name exists${count}${after}.`,
          fix: `Define "upstream ${host} { server 127.0.0.1:8080; }" inside http { } (outside any server { }), or write the address in proxy_pass (http://127.0.0.1:8080/...), then start nginx again.`,
          detail,
        }
      : {
          cause: `nginx could not resolve "${host}" when it read ${where}${count}${after}.`,
          fix: `Use a name this machine resolves, or its IP address${/docker\.internal/.test(host) ? ' (in Docker on Linux add extra_hosts: ["host.docker.internal:host-gateway"] to the nginx service)' : ''}, then start nginx again.`,
          detail,
        };
  },
};
