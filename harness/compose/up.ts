// `harness up`: choose the ports, start the stack, print where it is, stream each component's
// output with its name, serve the control channel, and on Ctrl-C or SIGTERM stop everything it
// started. A proxy that cannot start is reported with its emerg line, what it means and the fix.
import { AdminStartError, Stack, stackUrl, type AdminMode } from '../stack/stack.js';
import { canBind, describeBusyPort, hostPort } from '../ports.js';
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
import type { Printer } from '../stack/printer.js';
import type { Upstream } from '../stack/pass-through.js';

export interface UpOptions {
  /** The proxy's port; undefined = defaultPort, or a free port when that cannot be bound. */
  port?: number;
  /** 80, as nginx's; another only where a test holds it to see the fallback (not a flag). */
  defaultPort?: number;
  adminPort: number;
  admin: AdminMode;
  /** The user's own admin server, behind the harness's pass-through on adminPort. */
  adminUpstream?: Upstream;
  /** The seed of the admin stub's generated month of orders. */
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
  const { diagnose } = await import('../doctor/index.js');
  const d = diagnose(Buffer.from(lines.join('\n') + '\n'));
  const fix = async (i: Incident) => {
    const address = String(i.detail?.address ?? '');
    if (i.condition !== 'bind-failed' || os === hostOs() || !address) return i.fix;
    const port = Number(address.slice(address.lastIndexOf(':') + 1));
    return `${await describeBusyPort(address.slice(0, address.lastIndexOf(':')).replace(/^\[|\]$/g, ''), port, 'EADDRINUSE')}: stop it (the harness never stops a process it did not start), or choose another port with --port.`;
  };
  return (await Promise.all(d.incidents.map(async (i) => [`What it means: ${i.cause}`, `What to do: ${await fix(i)}`]))).flat();
}

/** The proxy's port: the one asked for, or 80, or (when 80 is not to be had) a free one. */
export async function proxyPort(o: Pick<UpOptions, 'port' | 'defaultPort' | 'adminPort'>, print: Pick<Printer, 'note'>): Promise<number> {
  const wanted = o.port ?? o.defaultPort ?? 80;
  const fallback = async (why: string) => {
    const { default: getPort } = await import('get-port');
    const free = await getPort({ host: '127.0.0.1', exclude: [o.adminPort] });
    print.note(`${why}; the stack uses port ${free} instead (choose one with --port).`);
    return free;
  };
  if (o.port === undefined && wanted === o.adminPort) return fallback(`port ${wanted} is the admin server's (--admin-port)`);
  for (const host of ['127.0.0.1', '::1']) {
    const r = await canBind(host, wanted);
    if (r.ok) continue;
    const why = await describeBusyPort(host, wanted, r.code);
    if (o.port !== undefined) throw new UserError(`${why}.\n  Choose another port with --port, or stop what holds it (the harness never stops a process it did not start).`);
    return fallback(why);
  }
  return wanted;
}

async function checkAdminPort(o: UpOptions, print: Printer): Promise<void> {
  const hosts = o.admin === 'ipv4' ? ['127.0.0.1'] : o.admin === 'ipv6' ? ['::1'] : ['127.0.0.1', '::1'];
  // Without --admin-upstream, external is the user's server on --admin-port, and nothing of the harness listens there.
  const external = o.admin === 'external' && !o.adminUpstream;
  if (o.adminUpstream && !(await answers(o.adminUpstream))) {
    print.note(`nothing answers on ${hostPort(o.adminUpstream.host, o.adminUpstream.port)} (--admin-upstream): start your admin server there; until then the harness resets the connections nginx makes to it.`);
  }
  for (const host of hosts) {
    const r = await canBind(host, o.adminPort);
    if (r.ok) {
      if (external) print.note(`nothing listens on ${hostPort(host, o.adminPort)}: with --admin external, start your own admin server there.`);
      continue;
    }
    if (external) continue;
    const why = await describeBusyPort(host, o.adminPort, r.code);
    if (o.admin === 'down') {
      print.note(`${why}: with --admin down the proxy will reach that process.`);
      continue;
    }
    throw new UserError(
      o.adminUpstream
        ? `${why}.\n  The harness listens there for nginx and passes requests on to ${hostPort(o.adminUpstream.host, o.adminUpstream.port)}: stop what holds the port, or choose another with --admin-port.`
        : `${why}.\n  Is your own admin server (Spring Boot) running? Use --admin external to put the proxy in front of it, or --admin-port to run the stub elsewhere.`,
    );
  }
}

/** Whether something accepts a connection on `u` (the user's server, running). */
async function answers(u: Upstream): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect({ host: u.host, port: u.port, timeout: 1000 });
    const done = (yes: boolean) => {
      socket.destroy();
      resolve(yes);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
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
    return new UserError(`a stack from ${prefix} is already running (pid ${pid}, ${url ?? 'still starting'}).\n  Stop it (npx harness down${prefixFlag(given)}, Ctrl-C in its terminal, or kill ${pid}) or use another --prefix.`);
  }
  return new UserError(
    `${lockPath(prefix)} says that a harness up (pid ${pid}${url ? `, ${url}` : ''}) runs from ${prefix}. A process with pid ${pid} is alive, but this system cannot tell whether it is that harness up.\n` +
      `  If a harness up runs from this folder, stop it (Ctrl-C in its terminal); if none does, delete ${lockPath(prefix)}. Or use another --prefix.`,
  );
}

/**
 * --nginx and --nginx-dir checked against the other flags; the folder's conf/nginx.conf is then the
 * user's conf (as --nginx-conf's), run with the folder as nginx's prefix.
 */
function withNginxFolder(o: UpOptions): UpOptions {
  if (o.nginx && o.proxy !== 'nginx') throw new UsageError('--nginx names the nginx program that --proxy nginx runs: add --proxy nginx, or leave out --nginx.');
  if (!o.nginxDir) return o;
  if (o.nginxConf) {
    throw new UsageError(`--nginx-dir ${o.nginxDir} runs that folder's own conf/nginx.conf, and --nginx-conf names another conf: give one of them (--nginx-dir for your whole nginx folder, --nginx-conf for a conf alone).`);
  }
  if (isInside(o.prefix, o.nginxDir)) {
    throw new UsageError(`--prefix ${o.prefix} is inside your nginx folder ${o.nginxDir}, and the harness writes nothing there: run the command from another folder, or give --prefix a folder outside it.`);
  }
  return { ...o, nginxConf: join(o.nginxDir, 'conf', 'nginx.conf') };
}

export async function up(given: UpOptions, print: Printer): Promise<number> {
  const o = withNginxFolder(given);
  checkAdminUpstream(o.adminPort, o.adminUpstream);
  if (o.port !== undefined && o.port === o.adminPort && !o.nginxConf) {
    throw new UsageError(`--port and --admin-port are both ${o.port}: the proxy and the admin server cannot listen on one port. Give them two (the defaults are 80 and 8080).`);
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
      print.note(`${why}: stopping the start...`);
      abort.abort();
    },
  });
  const stoppedStarting = async () => {
    print.note(`stopped during the start (${await stopRequest.asked}); nothing of the stack is left running.`);
    return 0;
  };
  if (o.nginxConf && o.port !== undefined) print.note('--port is ignored with --nginx-conf: the proxy listens where your conf says.');
  if (!o.nginxConf && o.bindAny) print.note('--bind-any changes nothing without --nginx-conf: the conf the harness writes listens on loopback only.');
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
      print.error(`the proxy (${o.proxy}) did not start${e.exitCode !== null ? ` (exit code ${e.exitCode})` : ''}:`);
      // Each distinct line once: the five tries of a busy port's bind() have streamed by already.
      for (const l of e.emerg.length ? new Set(e.emerg) : e.message.split('\n')) print.error(`  ${l.trimStart()}`);
      for (const x of await explainLines(e.emerg, o.os)) print.error(`  ${x}`);
      print.error('Everything the harness had started has been stopped.');
      return 1;
    }
    if (e instanceof AdminStartError) {
      // Its port was free when checked, and taken before the stub listened (often by the proxy of a conf that listens there).
      print.error(`${e.message}.`);
      print.error(`  What to do: choose another --admin-port${o.nginxConf ? ', or one your nginx.conf does not listen on' : ''}, or stop what holds the port (the harness never stops a process it did not start).`);
      print.error('Everything the harness had started has been stopped.');
      return 1;
    }
    throw e;
  } finally {
    // The CLI's guess that a worker would be wanted (bin/harness.js) may have been wrong.
    await discardPrebooted();
  }

  const control = await startStackControl(stack, (t) => print.note(t));
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
  print.ready([
    `proxy    ${o.proxy === 'nginx' ? 'nginx' : 'embedded nginx'} (${o.os} profile) on ${o.nginxConf ? 'the listens of ' + o.nginxConf : a.proxy.join(' and ')}`,
    `admin    ${adminLine(o, a.admin)}`,
    `frontend ${stack.frontend!.describe}`,
    `logs     ${stack.errorLogPath}`,
    `control  ${control.page} (the stack live: its parts, timeline, faults and diagnosis)`,
    ``,
    stack.frontend!.url ? `Open ${stack.frontend!.url} and log in as admin / 123456. Ctrl-C stops everything.` : 'The proxy listens where your conf says. Ctrl-C stops everything.',
    ...(stack.admin ? [`A customer's order, as the admin pages see it: npx harness app order${prefixFlag(o.prefix)} (in another terminal).`] : []),
  ]);
  if (stack.adminShell) {
    stack.adminShell.onRequest((e) => {
      if (e.end !== undefined) print.line('admin', `${e.method} ${e.url} ${e.status} ${e.end - e.start} ms (via ${e.localAddress})`);
    });
  }
  control.startLive();

  const why = await Promise.race([stopRequest.asked, control.stopAsked, stack.proxy!.exited.then(({ code, signal }) => `the proxy exited (${signal ?? 'code ' + code})`)]);
  stopRequest.close();
  print.note(`stopping (${why})...`);
  await control.close(`harness up is stopping (${why})`);
  // A fault never outlives its stack: a removed temp folder is made again before the stack stops.
  await control.faults.restore().catch((e: Error) => print.error(`a fault could not be undone: ${e.message}`));
  await stack.stop();
  removeState(prefix, thisProcess());
  if (o.doctor) {
    const { doctorCommand } = await import('../doctor/index.js');
    await doctorCommand({ errorLog: stack.errorLogPath, access: stack.accessLogPath }, process.stdout, process.stderr);
  }
  print.note('stopped; nothing of the stack is left running.');
  return why.startsWith('the proxy exited') ? 1 : 0;
}

/** The ready block's admin line: what answers /api, and where. */
function adminLine(o: UpOptions, listens: string[]): string {
  const where = listens.length ? `on ${listens.join(' and ')}` : `down (nothing listens on ${o.adminPort})`;
  if (o.adminUpstream) return `your own server on ${hostPort(o.adminUpstream.host, o.adminUpstream.port)}, through the harness ${where}`;
  if (o.admin === 'external') return `your own server on port ${o.adminPort}`;
  return o.admin === 'down' ? where : `stub ${where}`;
}
