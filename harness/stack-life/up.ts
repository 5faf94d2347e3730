// `harness up`: choose the ports, start the stack, print where it is, stream each component's
// output with its name, serve the control channel, and on Ctrl-C or SIGTERM stop everything it
// started. A proxy that cannot start is reported with its emerg line, what it means and the fix.
import { AdminStartError, stackUrl, type Stack, type StackSpec } from '../stack/stack.js';
import { accepts, canBind, describeBusyPort, hostPort } from '../ports.js';
import { checkAdminUpstream, isInside, prefixFlag, writableFolder } from '../flags.js';
import { join } from 'node:path';
import { UsageError, UserError } from '../errors.js';
import { ProxyStartError } from '../engine/engine.js';
import { stackAnswers, type ControlChannel } from '../control/channel.js';
import { watchStopRequests, type StopRequest } from '../stop-request.js';
import { detachedLog } from './detach.js';
import { StackLife } from './stack-life.js';
import { discardPrebooted } from '../stack/registry.js';
import { stateOrNone } from '../stack/state.js';
import { harnessUp, lockPath, PrefixTaken } from '../stack/owner.js';
import { hostOs, type OsName } from '../os-profile.js';
import type { Incident } from '../doctor/types.js';
import { adminRequestLine, readyLines, type Printer } from '../stack/printer.js';
import { t } from './up.texts.js';
import { t as adminCommandText } from '../stack/admin-command.texts.js';

/**
 * What `harness up` is given: the stack's own settings under StackSpec's names, and what only the
 * foreground command decides (the port it falls back from, the prefix, the doctor at the end).
 */
export interface UpSpec
  extends Pick<StackSpec, 'adminPort' | 'admin' | 'adminUpstream' | 'adminCommand' | 'adminSeed' | 'engine' | 'workers' | 'os' | 'frontendRoot' | 'nginxConf' | 'nginxDir' | 'nginx' | 'nginxVersion' | 'refusedConnectDelayMs' | 'reservedPorts' | 'bindAny' | 'noTempDir'> {
  /** The proxy's port; undefined = defaultPort, or a free port when that cannot be bound. */
  port?: number;
  /** 80, as nginx's; another only where a test holds it to see the fallback (not a flag). */
  defaultPort?: number;
  /** The stack's folder, as the user gave it (the stack's dir once checked). */
  prefix: string;
  /** Explain the stack's error log when it stops. */
  doctor?: boolean;
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
export async function proxyPort(o: Pick<UpSpec, 'port' | 'defaultPort' | 'adminPort'>, print: Pick<Printer, 'note'>): Promise<number> {
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

async function checkAdminPort(o: UpSpec, print: Printer): Promise<void> {
  const hosts = o.admin === 'ipv4' ? ['127.0.0.1'] : o.admin === 'ipv6' ? ['::1'] : ['127.0.0.1', '::1'];
  // Without --admin-upstream, external is the user's server on --admin-port, and nothing of the harness listens there.
  const external = o.admin === 'external' && !o.adminUpstream;
  // A server the harness starts is not expected to answer yet (stack/admin-command.ts checks its port is free).
  if (o.adminUpstream && !o.adminCommand && !(await accepts(o.adminUpstream.host, o.adminUpstream.port))) {
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
 * the lock's and its command line is harness up's, or (where the system can tell neither) its
 * control channel answers. A lock naming another program (copied there, or the package API's) says so.
 */
async function prefixTaken(prefix: string, e: PrefixTaken, given: string): Promise<UserError> {
  const { pid, url } = e.holder;
  const runs = harnessUp(pid);
  if (runs && !runs.is) return new UserError(t('stack.up.prefixOther', { lock: lockPath(prefix), pid, prefix, command: runs.command }));
  const state = e.state === 'unknown' ? stateOrNone(prefix) : undefined;
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
function withNginxFolder(o: UpSpec): UpSpec {
  if (o.nginx && o.engine !== 'nginx') throw new UsageError(t('stack.up.nginxWithoutProxy'));
  if (!o.nginxDir) return o;
  if (o.nginxConf) {
    throw new UsageError(t('stack.up.nginxDirAndConf', { dir: o.nginxDir }));
  }
  if (isInside(o.prefix, o.nginxDir)) {
    throw new UsageError(t('stack.up.prefixInNginxDir', { prefix: o.prefix, dir: o.nginxDir }));
  }
  return { ...o, nginxConf: join(o.nginxDir, 'conf', 'nginx.conf') };
}

export async function up(given: UpSpec, print: Printer): Promise<number> {
  const o = withNginxFolder(given);
  checkAdminUpstream(o.adminPort, o.adminUpstream);
  if (o.adminCommand && !o.adminUpstream) throw new UsageError(adminCommandText('adminCommand.needsUpstream'));
  if (o.port !== undefined && o.port === o.adminPort && !o.nginxConf) {
    throw new UsageError(t('stack.up.samePort', { port: o.port }));
  }
  const prefix = writableFolder('--prefix', o.prefix);
  let life: StackLife;
  try {
    life = StackLife.hold(prefix, { url: o.port !== undefined && !o.nginxConf ? stackUrl(o.port) : undefined, publishes: true });
  } catch (e) {
    throw e instanceof PrefixTaken ? await prefixTaken(prefix, e, o.prefix) : e;
  }
  // From here on a stop request stops what was started: one that comes while the stack starts
  // (or came while the CLI loaded) ends the start through the life's one teardown.
  let ready = false;
  const stopRequest = watchStopRequests({
    // A detached stack outlives the command that started it: `harness down` stops it.
    parent: !detachedLog(),
    onAsked: (why) => {
      if (ready || life.signal.aborted) return;
      print.note(t('stack.up.stoppingStart', { why }));
      // Its failure, if any, is the one the end of up() awaits.
      life.stop().catch(() => undefined);
    },
  });
  try {
    let control: ControlChannel;
    try {
      control = await startLocked(o, life, print);
    } catch (e) {
      if (!life.signal.aborted) return await failedStart(e, o, print);
      await life.stop();
      print.note(t('stack.up.stoppedStarting', { why: await stopRequest.asked }));
      // As a stack stopped once ready: `harness up && …` does not carry on.
      return stopRequest.exitCode;
    }
    ready = true;
    return await serveUntilStopped(o, life, control, stopRequest, print);
  } finally {
    stopRequest.close();
    await life.stop();
  }
}

/** A start that failed by itself: what failed, what it means, and the fix (exit 1); other errors are thrown. */
async function failedStart(e: unknown, o: UpSpec, print: Printer): Promise<number> {
  if (e instanceof ProxyStartError) {
    print.error(e.exitCode !== null ? t('stack.up.proxyFailedCode', { engine: o.engine, code: e.exitCode }) : t('stack.up.proxyFailed', { engine: o.engine }));
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
}

/** The start, up to state.json: the ports, the stack, its control channel. */
async function startLocked(o: UpSpec, life: StackLife, print: Printer): Promise<ControlChannel> {
  if (o.nginxConf && o.port !== undefined) print.note(t('stack.up.portIgnored'));
  if (!o.nginxConf && o.bindAny) print.note(t('stack.up.bindAnyIgnored'));
  const port = o.nginxConf ? 0 : await proxyPort(o, print);
  if (!o.nginxConf && o.port === undefined) life.update(stackUrl(port));
  await checkAdminPort(o, print);
  let stack: Stack;
  try {
    stack = await life.start({
      proxyPort: port,
      adminPort: o.adminPort,
      admin: o.admin,
      adminUpstream: o.adminUpstream,
      adminCommand: o.adminCommand,
      adminSeed: o.adminSeed,
      engine: o.engine,
      workers: o.workers,
      os: o.os,
      frontendRoot: o.frontendRoot,
      nginxConf: o.nginxConf,
      nginxDir: o.nginxDir,
      nginx: o.nginx,
      nginxVersion: o.nginxVersion,
      refusedConnectDelayMs: o.refusedConnectDelayMs,
      noTempDir: o.noTempDir,
      reservedPorts: o.reservedPorts,
      bindAny: o.bindAny,
      onLine: (component, line) => print.line(component, line),
      onNote: (text) => print.note(text),
    });
  } finally {
    // The CLI's guess that a worker would be wanted (bin/harness.js) may have been wrong.
    await discardPrebooted();
  }
  const control = await life.serve((text) => print.note(text));
  life.publish({
    url: stack.url,
    engine: o.engine,
    os: o.os,
    proxyPort: port,
    adminPort: o.adminPort,
    startedAt: new Date().toISOString(),
    logs: { error: stack.errorLogPath, access: stack.accessLogPath, harness: detachedLog() },
  });
  return control;
}

/** The ready stack: its block, its output, until a stop request, `harness down` or its proxy's exit; then its stop. */
async function serveUntilStopped(o: UpSpec, life: StackLife, control: ControlChannel, stopRequest: StopRequest, print: Printer): Promise<number> {
  const stack = life.stack;
  const a = stack.addresses();
  print.ready(
    readyLines({
      engine: o.engine,
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
  // The user's server may end on its own (an exception at start-up, a port it could not keep): said
  // once; the stack stays up, and nginx gets the pass-through's reset for each request.
  const command = stack.adminCommand;
  void command?.exited.then(() => {
    if (!command.stopping) print.error(adminCommandText('adminCommand.exited', { command: command.spec.command, pid: command.pid, how: command.how(), last: command.lastLines() }));
  });

  const proxyExited = stack.proxy!.exited.then(({ code, signal }) => t('stack.up.proxyExited', { how: signal ?? t('stack.up.exitCode', { code: String(code) }) }));
  const { why, code } = await Promise.race([
    // Stopped by a signal: 128 + its number (130 for Ctrl-C), as a shell reports it; by `harness down`: 0.
    stopRequest.asked.then((why) => ({ why, code: stopRequest.signal ? stopRequest.exitCode : 0 })),
    control.stopAsked.then((why) => ({ why, code: 0 })),
    proxyExited.then((why) => ({ why, code: 1 })),
  ]);
  stopRequest.close();
  print.note(t('stack.up.stopping', { why }));
  await life.stop({ why: `harness up is stopping (${why})`, faultNotUndone: (e) => print.error(t('stack.up.faultNotUndone', { message: e.message })) });
  if (o.doctor) {
    // up --doctor only, at the end: ~30 ms of every start-up otherwise.
    const { examineLogs } = await import('../doctor/index.js');
    await examineLogs({ errorLog: stack.errorLogPath, access: stack.accessLogPath }, process.stdout, process.stderr);
  }
  print.note(t('stack.up.stopped'));
  return code;
}
