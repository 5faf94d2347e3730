// `harness up`: choose the ports, start the stack, print where it is, stream each component's
// output with its name, serve the control channel, and on Ctrl-C or SIGTERM stop everything it
// started. A proxy that cannot start is reported with its emerg line, what it means and the fix.
import { AdminStartError, Stack, stackUrl, type AdminMode } from '../stack/stack.js';
import { accepts, canBind, describeBusyPort, hostPort } from '../ports.js';
import { checkAdminUpstream, isInside, prefixFlag, writableFolder } from '../flags.js';
import { join } from 'node:path';
import { UsageError, UserError } from '../errors.js';
import { ProxyStartError, type EngineName } from '../engine/engine.js';
import { stackAnswers, startStackControl } from '../control/channel.js';
import { watchStopRequests } from '../stop-request.js';
import { detachedLog } from './detach.js';
import { discardPrebooted } from '../stack/registry.js';
import { readState, writeState, removeState } from '../stack/state.js';
import { lockPath, lockPrefix, PrefixTaken, thisProcess, type PrefixLock } from '../stack/owner.js';
import { hostOs, type OsName } from '../os-profile.js';
import type { Incident } from '../doctor/types.js';
import { adminRequestLine, readyLines, type Printer } from '../stack/printer.js';
import type { Upstream } from '../stack/pass-through.js';
import { t } from '../i18n/index.js';

export interface UpOptions {
  /** The proxy's port; undefined = defaultPort, or a free port when that cannot be bound. */
  port?: number;
  /** 80, as nginx's; another only where a test holds it to see the fallback (not a flag). */
  defaultPort?: number;
  adminPort: number;
  admin: AdminMode;
  /** The user's own admin server, behind the harness's pass-through on adminPort. */
  adminUpstream?: Upstream;
  /** The seed of the admin stand-in's generated month of orders. */
  adminSeed?: number;
  frontend?: string;
  prefix: string;
  proxy: EngineName;
  nginxConf?: string;
  /** The user's whole nginx folder: nginx's prefix, its conf/nginx.conf the conf. */
  nginxDir?: string;
  /** The nginx program --proxy nginx runs. */
  nginx?: string;
  /** Bind the conf's wildcard listens on every interface, as written (else loopback). */
  bindAny?: boolean;
  workers: number;
  os: OsName;
  refusedDelay?: number;
  nginxVersion?: string;
  /** The Windows profile's excluded ports: binding one fails with 10013. */
  excludedPorts?: number[];
  /** Explain the stack's error log when it stops. */
  doctor?: boolean;
  /** Leave temp/ out of the prefix, as a Git copy of an nginx folder has it (the missing-temp-dir scenario). */
  noTempDir?: boolean;
}

/**
 * What the doctor says of start-up lines: the cause and the fix, one sentence each. The doctor
 * words a busy port's fix for the OS the lines come from; under the Windows profile on another
 * host the port is busy here, so the fix names this host's holder instead.
 */
async function explainLines(lines: string[], os: OsName): Promise<string[]> {
  // The doctor loads only for a proxy that failed to start: ~30 ms of every start-up otherwise.
  const { diagnose } = await import('../doctor/index.js');
  const d = diagnose(Buffer.from(lines.join('\n') + '\n'));
  const fix = async (i: Incident) => {
    const address = String(i.detail?.address ?? '');
    if (i.condition !== 'bind-failed' || os === hostOs() || !address) return i.fix;
    const port = Number(address.slice(address.lastIndexOf(':') + 1));
    return t('stack.up.busyFix', { why: await describeBusyPort(address.slice(0, address.lastIndexOf(':')).replace(/^\[|\]$/g, ''), port, 'EADDRINUSE') });
  };
  return (await Promise.all(d.incidents.map(async (i) => [t('stack.up.means', { cause: i.cause }), t('stack.up.toDo', { fix: await fix(i) })]))).flat();
}

/** The proxy's port: the one asked for, or 80, or (when 80 is not to be had) a free one. */
export async function proxyPort(o: Pick<UpOptions, 'port' | 'defaultPort' | 'adminPort'>, print: Pick<Printer, 'note'>): Promise<number> {
  const wanted = o.port ?? o.defaultPort ?? 80;
  const fallback = async (why: string) => {
    // Only when the port is taken: ~3 ms otherwise.
    const { default: getPort } = await import('get-port');
    const free = await getPort({ host: '127.0.0.1', exclude: [o.adminPort] });
    print.note(t('stack.up.fallback', { why, port: free }));
    return free;
  };
  if (o.port === undefined && wanted === o.adminPort) return fallback(t('stack.up.adminsPort', { port: wanted }));
  for (const host of ['127.0.0.1', '::1']) {
    const r = await canBind(host, wanted);
    if (r.ok) continue;
    const why = await describeBusyPort(host, wanted, r.code);
    if (o.port !== undefined) throw new UserError(t('stack.up.portTaken', { why }));
    return fallback(why);
  }
  return wanted;
}

async function checkAdminPort(o: UpOptions, print: Printer): Promise<void> {
  const hosts = o.admin === 'ipv4' ? ['127.0.0.1'] : o.admin === 'ipv6' ? ['::1'] : ['127.0.0.1', '::1'];
  // Without --admin-upstream, external is the user's server on --admin-port, and nothing of the harness listens there.
  const external = o.admin === 'external' && !o.adminUpstream;
  if (o.adminUpstream && !(await accepts(o.adminUpstream.host, o.adminUpstream.port))) {
    print.note(t('stack.up.upstreamSilent', { upstream: hostPort(o.adminUpstream.host, o.adminUpstream.port) }));
  }
  for (const host of hosts) {
    const r = await canBind(host, o.adminPort);
    if (r.ok) {
      if (external) print.note(t('stack.up.externalMissing', { address: hostPort(host, o.adminPort) }));
      continue;
    }
    if (external) continue;
    const why = await describeBusyPort(host, o.adminPort, r.code);
    if (o.admin === 'down') {
      print.note(t('stack.up.adminDown', { why }));
      continue;
    }
    throw new UserError(o.adminUpstream ? t('stack.up.upstreamPortTaken', { why, upstream: hostPort(o.adminUpstream.host, o.adminUpstream.port) }) : t('stack.up.adminTaken', { why }));
  }
}

/**
 * Why a second `harness up` may not run from `prefix`, and how to stop the first. The process is
 * named as one to kill only when it is confirmed to be that harness: its pid and start time match
 * the lock's, or (where the system cannot tell a start time) its control channel answers.
 */
async function prefixTaken(prefix: string, e: PrefixTaken, given: string): Promise<UserError> {
  const { pid, url } = e.holder;
  const state = e.state === 'unknown' ? readState(prefix) : undefined;
  const confirmed = e.state === 'running' || (state?.pid === pid && (await stackAnswers(prefix, state)));
  if (confirmed) {
    return new UserError(t('stack.up.prefixRunning', { prefix, pid, url: url ?? t('stack.up.stillStarting'), prefixFlag: prefixFlag(given) }));
  }
  return new UserError(t('stack.up.prefixUnsure', { lock: lockPath(prefix), pid, url: url ? `, ${url}` : '', prefix }));
}

/**
 * --nginx and --nginx-dir checked against the other flags; the folder's conf/nginx.conf is then the
 * user's conf (as --nginx-conf's), run with the folder as nginx's prefix.
 */
function withNginxFolder(o: UpOptions): UpOptions {
  if (o.nginx && o.proxy !== 'nginx') throw new UsageError(t('stack.up.nginxWithoutProxy'));
  if (!o.nginxDir) return o;
  if (o.nginxConf) {
    throw new UsageError(t('stack.up.nginxDirAndConf', { dir: o.nginxDir }));
  }
  if (isInside(o.prefix, o.nginxDir)) {
    throw new UsageError(t('stack.up.prefixInNginxDir', { prefix: o.prefix, dir: o.nginxDir }));
  }
  return { ...o, nginxConf: join(o.nginxDir, 'conf', 'nginx.conf') };
}

export async function up(given: UpOptions, print: Printer): Promise<number> {
  const o = withNginxFolder(given);
  checkAdminUpstream(o.adminPort, o.adminUpstream);
  if (o.port !== undefined && o.port === o.adminPort && !o.nginxConf) {
    throw new UsageError(t('stack.up.samePort', { port: o.port }));
  }
  const prefix = writableFolder('--prefix', o.prefix);
  // The prefix is this stack's before anything is written in it, until it has stopped.
  let lock: PrefixLock;
  try {
    lock = lockPrefix(prefix, o.port !== undefined && !o.nginxConf ? stackUrl(o.port) : undefined);
  } catch (e) {
    throw e instanceof PrefixTaken ? await prefixTaken(prefix, e, o.prefix) : e;
  }
  try {
    return await upLocked(o, prefix, lock, print);
  } finally {
    removeState(prefix, thisProcess());
    lock.release();
  }
}

async function upLocked(o: UpOptions, prefix: string, lock: PrefixLock, print: Printer): Promise<number> {
  // From here on a stop request stops what was started: one that comes while the stack starts
  // ends the start, and what it had started.
  const abort = new AbortController();
  let starting = true;
  const stopRequest = watchStopRequests({
    // A detached stack outlives the command that started it: `harness down` stops it.
    parent: !detachedLog(),
    onAsked: (why) => {
      if (!starting || abort.signal.aborted) return;
      print.note(t('stack.up.stoppingStart', { why }));
      abort.abort();
    },
  });
  const stoppedStarting = async () => {
    print.note(t('stack.up.stoppedStarting', { why: await stopRequest.asked }));
    return 0;
  };
  if (o.nginxConf && o.port !== undefined) print.note(t('stack.up.portIgnored'));
  if (!o.nginxConf && o.bindAny) print.note(t('stack.up.bindAnyIgnored'));
  let port: number;
  try {
    port = o.nginxConf ? 0 : await proxyPort(o, print);
    if (!o.nginxConf && o.port === undefined) lock.update(stackUrl(port));
    await checkAdminPort(o, print);
  } catch (e) {
    stopRequest.close();
    throw e;
  }
  if (abort.signal.aborted) {
    stopRequest.close();
    return stoppedStarting();
  }

  let stack: Stack;
  try {
    stack = await Stack.start({
      dir: prefix,
      proxyPort: port,
      adminPort: o.adminPort,
      admin: o.admin,
      adminUpstream: o.adminUpstream,
      adminSeed: o.adminSeed,
      engine: o.proxy,
      workers: o.workers,
      os: o.os,
      frontendRoot: o.frontend,
      nginxConf: o.nginxConf,
      nginxDir: o.nginxDir,
      nginx: o.nginx,
      nginxVersion: o.nginxVersion,
      refusedConnectDelayMs: o.refusedDelay,
      noTempDir: o.noTempDir,
      reservedPorts: o.excludedPorts,
      bindAny: o.bindAny,
      onLine: (component, line) => print.line(component, line),
      onNote: (text) => print.note(text),
      signal: abort.signal,
    });
  } catch (e) {
    // No stack to stop: the caller (a chaos run, say) may go on.
    starting = false;
    stopRequest.close();
    if (abort.signal.aborted) return stoppedStarting();
    if (e instanceof ProxyStartError) {
      print.error(e.exitCode !== null ? t('stack.up.proxyFailedCode', { engine: o.proxy, code: e.exitCode }) : t('stack.up.proxyFailed', { engine: o.proxy }));
      // Each distinct line once: the five tries of a busy port's bind() have streamed by already.
      for (const l of e.emerg.length ? new Set(e.emerg) : e.message.split('\n')) print.error(`  ${l.trimStart()}`);
      for (const x of await explainLines(e.emerg, o.os)) print.error(`  ${x}`);
      print.error(t('stack.up.allStopped'));
      return 1;
    }
    if (e instanceof AdminStartError) {
      // Its port was free when checked, and taken before the stand-in listened (often by the proxy of a conf that listens there).
      print.error(`${e.message}.`);
      print.error(`  ${t(o.nginxConf ? 'stack.up.adminFixConf' : 'stack.up.adminFix')}`);
      print.error(t('stack.up.allStopped'));
      return 1;
    }
    throw e;
  } finally {
    // The CLI's guess that a worker would be wanted (bin/harness.js) may have been wrong.
    await discardPrebooted();
  }

  const control = await startStackControl(stack, (text) => print.note(text));
  try {
    writeState({
      ...thisProcess(),
      url: stack.url,
      control: { url: control.url, token: control.token },
      engine: o.proxy,
      os: o.os,
      prefix,
      proxyPort: port,
      adminPort: o.adminPort,
      startedAt: new Date().toISOString(),
      logs: { error: stack.errorLogPath, access: stack.accessLogPath, harness: detachedLog() },
    });
  } catch (e) {
    // Nothing of the stack outlives a start that did not end.
    stopRequest.close();
    await control.close();
    await stack.stop();
    throw e;
  }
  starting = false;
  const a = stack.addresses();
  print.ready(
    readyLines({
      engine: o.proxy,
      os: o.os,
      proxy: o.nginxConf ? { conf: o.nginxConf } : a.proxy,
      admin: !o.adminUpstream && (o.admin === 'external' || o.admin === 'down') ? o.admin : a.admin,
      adminPort: o.adminPort,
      adminUpstream: o.adminUpstream && hostPort(o.adminUpstream.host, o.adminUpstream.port),
      frontend: stack.frontend!,
      errorLog: stack.errorLogPath,
      controlPage: control.page,
      prefixFlag: stack.admin ? prefixFlag(o.prefix) : undefined,
      down: detachedLog() && `npx harness down${prefixFlag(o.prefix)}`,
    }),
  );
  if (stack.adminShell) {
    stack.adminShell.onRequest((e) => {
      if (e.end !== undefined) print.line('admin', adminRequestLine({ ...e, end: e.end }));
    });
  }
  control.startLive();

  let exited: string | undefined;
  const proxyExited = stack.proxy!.exited.then(({ code, signal }) => (exited = t('stack.up.proxyExited', { how: signal ?? t('stack.up.exitCode', { code: String(code) }) })));
  const why = await Promise.race([stopRequest.asked, control.stopAsked, proxyExited]);
  stopRequest.close();
  print.note(t('stack.up.stopping', { why }));
  await control.close(`harness up is stopping (${why})`);
  // A fault never outlives its stack: a removed temp folder is made again before the stack stops.
  await control.faults.restore().catch((e: Error) => print.error(t('stack.up.faultNotUndone', { message: e.message })));
  await stack.stop();
  removeState(prefix, thisProcess());
  if (o.doctor) {
    // up --doctor only, at the end: ~30 ms of every start-up otherwise.
    const { doctorCommand } = await import('../doctor/index.js');
    await doctorCommand({ errorLog: stack.errorLogPath, access: stack.accessLogPath }, process.stdout, process.stderr);
  }
  print.note(t('stack.up.stopped'));
  return why === exited ? 1 : 0;
}
