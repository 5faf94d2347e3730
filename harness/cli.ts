// yargs commands only: parse, call, print. No logic of its own.
import yargs, { type Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { resolve } from 'node:path';
import { DEFAULT_VERSION, OS_NAMES, hostOs, type OsName } from './os-profile.js';
import { ENGINES, type EngineName } from './engine/engine.js';
import { LISTEN_MODES } from '../stubs/admin-server/listen-modes.js';
import type { AdminMode } from './stack/stack.js';
import * as flag from './flags.js';
import { UsageError, UserError } from './errors.js';
import { quietWhenReaderCloses } from './terminal.js';
import { lang, parseLang, setLang, t } from './i18n/index.js';

quietWhenReaderCloses(process.stdout);
quietWhenReaderCloses(process.stderr);

// --lang is read before yargs is built: every description and message below is in that language.
function langFromArgv(argv: readonly string[]): boolean {
  const i = argv.findIndex((a) => a === '--lang' || a.startsWith('--lang='));
  if (i < 0) return false;
  const value = argv[i].includes('=') ? argv[i].slice('--lang='.length) : argv[i + 1];
  const lang = value === undefined ? undefined : parseLang(value);
  if (lang) setLang(lang);
  return lang !== undefined;
}
const langChosen = langFromArgv(hideBin(process.argv));

function yargsLocale(env: NodeJS.ProcessEnv): string | undefined {
  if (lang() === 'zh-CN') return 'zh_CN';
  return langChosen || env.HARNESS_LANG ? 'en' : undefined;
}

const osOption = {
  choices: OS_NAMES,
  default: hostOs(),
  describe: 'OS profile of the emulated nginx: wording, timing (a refused connect takes ~2 s on windows), line ends',
} as const;

const refusedDelay = (describe: string) => ({ requiresArg: true, coerce: flag.milliseconds('--refused-delay'), describe }) as const;

const excludedPortOption = {
  array: true,
  requiresArg: true,
  describe: 'With --os windows: a port in Windows\' excluded port ranges (netsh int ipv4 show excludedportrange): binding it fails with 10013; repeatable',
} as const;

/** --excluded-port emulates a Windows condition: only under that profile. */
function excludedPorts(a: { os: string; 'excluded-port'?: unknown[] }): number[] | undefined {
  const ports = a['excluded-port']?.map(flag.port('--excluded-port'));
  if (!ports?.length) return undefined;
  if (a.os !== 'windows') throw new UsageError('--excluded-port emulates Windows\' excluded port ranges (bind() error 10013): use it with --os windows');
  return ports;
}

/** The usage line of a command's help, and its list of commands if it is a group (`harness chaos`). */
function shortUsage(help: string): string {
  const [usage, ...rest] = help.split('\n\n');
  const commands = rest.find((p) => p.startsWith('Commands:'));
  return `usage: ${usage}   (--help lists every option)\n${commands ? commands + '\n\n' : ''}`;
}

const jsonOption = { type: 'boolean', default: false, describe: 'Print one JSON object instead of text' } as const;

const print = (s: string) => process.stdout.write(s + '\n');

/** Runs a command; a failure the user can act on is its message and exit code, no stack trace. */
async function guard(run: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await run();
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    process.stderr.write(`harness: ${e.message}\n`);
    process.exitCode = e.exitCode;
  }
}

/**
 * yargs renders a command's whole help (cliui, wrap-ansi, string-width: a third of harness up's
 * parsing, measured before string-width was held at 4.x) each time a handler runs, in case the
 * handler asks for it later. None does: bad usage is caught at parse time, where the help is
 * rendered afresh (`.fail` below), and a handler's errors are printed by guard(). So the cache is
 * skipped, as the Angular CLI skips it.
 */
function withoutHelpCache(y: Argv): Argv {
  // yargs' internals: where a later yargs has none of these, it simply keeps its cache.
  const usage = (y as unknown as { getInternalMethods?(): { getUsageInstance?(): { cacheHelpMessage?(): void } } }).getInternalMethods?.().getUsageInstance?.();
  if (typeof usage?.cacheHelpMessage === 'function') usage.cacheHelpMessage = () => undefined;
  return y;
}

const cli = withoutHelpCache(yargs(hideBin(process.argv)))
  .scriptName('harness')
  .usage('$0 <command> [options]\n\nThe sky-take-out admin stack on one machine, its nginx failures on demand, and your nginx logs explained.')
  .command(
    'up',
    'Bring up the admin stub, a proxy that behaves like nginx, and the front end; Ctrl-C stops all of it',
    (y) =>
      y
        .option('port', { requiresArg: true, coerce: flag.port('--port'), describe: 'Port of the proxy (default 80; a free port when 80 cannot be bound)' })
        .option('admin-port', { requiresArg: true, coerce: flag.port('--admin-port'), default: 8080, describe: 'Port of the admin server' })
        .option('admin', { choices: [...LISTEN_MODES, 'external'] as const, default: 'dual' as const, describe: 'How the admin stub listens: both loopbacks, IPv4 only, IPv6 only, not at all; external = your own server on --admin-port' })
        .option('admin-upstream', { requiresArg: true, coerce: flag.hostAndPort('--admin-upstream'), describe: 'Your own admin server (HOST:PORT, e.g. 127.0.0.1:8081): the harness listens on --admin-port and passes every request to it, so that admin.* faults apply; --admin then says how the harness listens (external: dual)' })
        .option('admin-seed', { requiresArg: true, coerce: flag.seed('--admin-seed'), describe: 'Seed of the admin stub\'s generated month of orders (default 1): another seed, another month' })
        .option('frontend', { requiresArg: true, coerce: flag.frontendFolder('--frontend'), describe: 'Your own front end\'s folder (the built dist/, html/sky) instead of the stub' })
        .option('prefix', { type: 'string', requiresArg: true, default: flag.DEFAULT_PREFIX, describe: 'The stack\'s folder: nginx prefix (conf/, logs/, temp/, html/) and state' })
        .option('proxy', { choices: ENGINES, default: 'embedded' as EngineName, describe: 'Proxy engine: the embedded one, or the system nginx on the same conf' })
        .option('nginx-conf', { type: 'string', requiresArg: true, describe: 'Your own nginx.conf for the proxy (either engine)' })
        .option('nginx-dir', { requiresArg: true, coerce: flag.nginxFolder('--nginx-dir'), describe: 'Your whole nginx folder as it is (its conf/nginx.conf, html/, logs/, temp/) for the proxy (either engine); the harness writes nothing there, nginx writes its logs, pid and temp files' })
        .option('nginx', { requiresArg: true, coerce: flag.nginxProgram('--nginx'), describe: 'The nginx program --proxy nginx runs (default: nginx.exe of --nginx-dir or on PATH on Windows, the system nginx elsewhere)' })
        .option('bind-any', { type: 'boolean', default: false, describe: 'Bind your conf\'s wildcard listens (listen 80, 0.0.0.0:80, [::]:80) on every interface, open to the network; by default the stack binds them on loopback only' })
        .option('workers', { requiresArg: true, coerce: flag.workers('--workers'), default: 1, describe: `worker_processes of the rendered conf (1 to ${flag.MAX_WORKERS})` })
        .option('os', osOption)
        .option('refused-delay', refusedDelay('Milliseconds a refused connect takes (default 2000 on windows, 0 on linux)'))
        .option('nginx-version', { type: 'string', describe: 'Version the embedded engine shows in Server: and its pages (default 1.22.1 linux, 1.20.2 windows)' })
        .option('excluded-port', excludedPortOption)
        .option('doctor', { type: 'boolean', default: false, describe: 'When the stack stops, explain its error log' })
        .option('detach', { alias: 'd', type: 'boolean', default: false, describe: 'Run the stack in the background and return once it is ready; `harness down` stops it' }),
    (a) =>
      guard(async () => {
        if (a.detach) return (await import('./compose/detach-command.js')).upDetachedCommand(a.prefix, hideBin(process.argv).slice(1), print);
        const { up } = await import('./compose/up.js');
        const { consolePrinter } = await import('./stack/printer.js');
        return up(
          {
            port: a.port,
            adminPort: a['admin-port'],
            admin: a.admin as AdminMode,
            adminUpstream: a['admin-upstream'],
            adminSeed: a['admin-seed'],
            frontend: a.frontend,
            prefix: a.prefix,
            proxy: a.proxy,
            nginxConf: a['nginx-conf'] ? resolve(a['nginx-conf']) : undefined,
            nginxDir: a['nginx-dir'],
            nginx: a.nginx,
            bindAny: a['bind-any'],
            workers: a.workers,
            os: a.os as OsName,
            refusedDelay: a['refused-delay'],
            nginxVersion: a['nginx-version'],
            excludedPorts: excludedPorts(a),
            doctor: a.doctor,
          },
          consolePrinter(),
        );
      }),
  )
  .command(
    'proxy',
    'Run the embedded engine alone in the foreground, as `nginx -p <prefix> -c <conf> -g "daemon off;"` runs nginx',
    (y) =>
      y
        .option('p', { alias: 'prefix', requiresArg: true, coerce: flag.existingFolder('-p', 'the nginx prefix folder (the one with conf/ and logs/)'), default: '.', describe: 'Prefix: relative paths in the conf resolve against it' })
        .option('c', { alias: 'conf', type: 'string', requiresArg: true, default: 'conf/nginx.conf', describe: 'The conf file, relative to the prefix' })
        .option('t', { alias: 'test', type: 'boolean', default: false, describe: 'Test the conf and exit' })
        .option('os', osOption)
        .option('refused-delay', refusedDelay('Milliseconds a refused connect takes (default 2000 on windows)'))
        .option('nginx-version', { type: 'string', describe: 'Version shown in Server: and the pages' })
        .option('excluded-port', excludedPortOption),
    (a) =>
      guard(async () => {
        const { runMaster } = await import('./embedded/master/run.js');
        const os = a.os as OsName;
        return runMaster({
          prefix: a.p,
          conf: a.c,
          test: a.t,
          os,
          version: a['nginx-version'] ?? DEFAULT_VERSION[os],
          refusedConnectDelayMs: a['refused-delay'],
          reservedPorts: excludedPorts(a),
          controlFile: resolve(a.p, 'logs', 'harness-control.json'),
        });
      }),
  )
  .command('chaos', 'Scenarios on a fresh stack, and faults on the stack `harness up` runs', (y) =>
    y
      .command('list', 'List the scenarios and the faults', (yy) => yy.option('json', jsonOption), (a) =>
        guard(async () => {
          const { chaosList } = await import('./commands/chaos.js');
          return chaosList(print, { json: a.json });
        }),
      )
      .command(
        'run <name>',
        'Run a scenario on a fresh isolated stack: a verdict per observation, a timeline (SVG + JSON), exit 1 when one fails',
        (yy) =>
          yy
            .positional('name', { type: 'string', demandOption: true, describe: 'The scenario (see chaos list), or the path of a compiled scenario module (default export: defineScenario({...}))' })
            .option('proxy', { choices: ENGINES, default: 'embedded' as EngineName, describe: 'Proxy engine' })
            .option('os', osOption)
            .option('out', { type: 'string', requiresArg: true, describe: 'Where to write timeline.svg/json and the stack (default .harness/chaos/<name>-<time>)' })
            .option('prefix', { type: 'string', requiresArg: true, default: flag.DEFAULT_PREFIX, describe: 'The harness folder' })
            .option('doctor', { type: 'boolean', default: false, describe: 'End by explaining the logs the run left (harness doctor)' })
            .option('admin', { choices: ['external'] as const, describe: 'Run it in front of your own admin server (with --admin-upstream) instead of the stand-in' })
            .option('admin-upstream', { requiresArg: true, coerce: flag.hostAndPort('--admin-upstream'), describe: 'Where your own admin server listens (HOST:PORT): the run\'s pass-through forwards to it' }),
        (a) =>
          guard(async () => {
            const { chaosRun } = await import('./commands/chaos.js');
            return chaosRun({ name: a.name, proxy: a.proxy, os: a.os as OsName, out: a.out, prefix: a.prefix, doctor: a.doctor, admin: a.admin, adminUpstream: a['admin-upstream'] }, print);
          }),
      )
      .command(
        'inject <fault> [args..]',
        'Apply a fault to the running `harness up` stack (watch the browser while it happens); `harness chaos list` shows each fault\'s arguments',
        (yy) =>
          yy
            // The fault's own values and flags (--path, --times...) are checked against its description, not by yargs.
            .parserConfiguration({ 'unknown-options-as-args': true })
            .positional('fault', { type: 'string', demandOption: true, describe: 'The fault: `harness chaos list` names each, with its arguments' })
            .positional('args', { type: 'string', array: true, describe: 'The fault\'s values, then its flags; every admin.* wire fault takes --path GLOB, --times N, --rate P and --seed S' })
            .option('prefix', { type: 'string', requiresArg: true, default: flag.DEFAULT_PREFIX, describe: 'The folder of the running stack' })
            .option('json', jsonOption),
        (a) =>
          guard(async () => {
            const { chaosInject } = await import('./commands/chaos-faults.js');
            return chaosInject({ fault: a.fault, args: (a.args ?? []).map(String), prefix: a.prefix, json: a.json }, print);
          }),
      )
      .command(
        'status',
        'What the running `harness up` stack is, and the faults applied to it (with what each has done so far)',
        (yy) => yy.option('prefix', { type: 'string', requiresArg: true, default: flag.DEFAULT_PREFIX, describe: 'The folder of the running stack' }).option('json', jsonOption),
        (a) =>
          guard(async () => {
            const { chaosStatus } = await import('./commands/chaos-faults.js');
            return chaosStatus({ prefix: a.prefix, json: a.json }, print);
          }),
      )
      .command(
        'restore',
        'Undo every fault applied to the running stack',
        (yy) => yy.option('prefix', { type: 'string', requiresArg: true, default: flag.DEFAULT_PREFIX, describe: 'The folder of the running stack' }).option('json', jsonOption),
        (a) =>
          guard(async () => {
            const { chaosRestore } = await import('./commands/chaos-faults.js');
            return chaosRestore({ prefix: a.prefix, json: a.json }, print);
          }),
      )
      .demandCommand(1, 'Name a chaos command: list, run, inject, status or restore.'),
  )
  .command('app', 'Act as a customer on the stack `harness up` runs: new orders, reminders, back to the seed', (y) => {
    const prefix = { type: 'string', requiresArg: true, default: flag.DEFAULT_PREFIX, describe: 'The folder of the running stack' } as const;
    return y
      .command('order', 'A customer places and pays an order: it waits as 待接单, and every open admin page gets the 来单提醒 (type 1)', (yy) => yy.option('prefix', prefix).option('json', jsonOption), (a) =>
        guard(async () => (await import('./commands/app.js')).appOrder({ prefix: a.prefix, json: a.json }, print)),
      )
      .command(
        'remind <order-id>',
        'A customer asks where order ORDER_ID is: every open admin page gets the 催单 (type 2)',
        (yy) => yy.positional('order-id', { demandOption: true, coerce: flag.orderId('ORDER_ID'), describe: 'The order\'s id (订单管理 lists them)' }).option('prefix', prefix).option('json', jsonOption),
        (a) => guard(async () => (await import('./commands/app.js')).appRemind({ prefix: a.prefix, id: a['order-id'] as number, json: a.json }, print)),
      )
      .command('reset', 'Return the admin stub\'s data to its seed (the menu, employees and month of orders it started with)', (yy) => yy.option('prefix', prefix).option('json', jsonOption), (a) =>
        guard(async () => (await import('./commands/app.js')).appReset({ prefix: a.prefix, json: a.json }, print)),
      )
      .demandCommand(1, 'Name an app command: order, remind or reset.');
  })
  .command(
    'ps',
    'The stack running from --prefix: its URL, ports, pid, faults and uptime',
    (y) => y.option('prefix', { type: 'string', requiresArg: true, default: flag.DEFAULT_PREFIX, describe: 'The folder of the stack' }).option('json', jsonOption),
    (a) => guard(async () => (await import('./compose/ps.js')).ps({ prefix: a.prefix, json: a.json }, print)),
  )
  .command(
    'logs [names..]',
    'The logs of the stack of --prefix: error, access (the proxy\'s), harness (a detached stack\'s own output); all by default',
    (y) =>
      y
        .positional('names', { type: 'string', array: true, describe: 'error, access, harness' })
        .option('follow', { alias: 'f', type: 'boolean', default: false, describe: 'Keep printing new lines until Ctrl-C' })
        .option('prefix', { type: 'string', requiresArg: true, default: flag.DEFAULT_PREFIX, describe: 'The folder of the stack' }),
    (a) => guard(async () => (await import('./compose/logs.js')).logs({ prefix: a.prefix, names: (a.names ?? []).map(String), follow: a.follow }, print)),
  )
  .command(
    'down',
    'Stop the stack running from --prefix (one started with up --detach, or in another terminal)',
    (y) => y.option('prefix', { type: 'string', requiresArg: true, default: flag.DEFAULT_PREFIX, describe: 'The folder of the stack' }),
    (a) => guard(async () => (await import('./compose/down.js')).down({ prefix: a.prefix }, print)),
  )
  .command(
    'doctor <error-log>',
    'Explain an nginx error.log (Windows or Linux): incidents, their cause and the fix',
    (y) =>
      y
        .positional('error-log', { type: 'string', demandOption: true, describe: 'The error.log to read, or - for standard input' })
        .option('access', { type: 'string', requiresArg: true, describe: 'The matching access.log, for more evidence' })
        .option('json', { type: 'boolean', default: false, describe: 'Print {"incidents":[...],"unrecognised":[...]} (--follow: one incident per line)' })
        .option('follow', { type: 'boolean', default: false, describe: 'Keep watching the log and explain new incidents as they happen' })
        .option('conf', { type: 'string', array: true, nargs: 1, requiresArg: true, describe: "nginx's nginx.conf, so that fixes name the line to change; again for each included file not where the conf says" }),
    (a) =>
      guard(async () => {
        const { doctorCommand } = await import('./doctor/index.js');
        // Only --follow runs until stopped: it reports what is pending on Ctrl-C. Anything else
        // keeps the default handlers, so that Ctrl-C and `timeout` stop it at once.
        const ac = new AbortController();
        if (a.follow) {
          process.once('SIGINT', () => ac.abort());
          process.once('SIGTERM', () => ac.abort());
        }
        // yargs reads a lone "-" (standard input) as an empty value.
        const errorLog = a['error-log'] === '' ? '-' : a['error-log'];
        return doctorCommand({ errorLog, access: a.access, json: a.json, follow: a.follow, conf: a.conf }, process.stdout, process.stderr, ac.signal);
      }),
  )
  .command(
    'setup',
    'Install what npm cannot: chromium, nginx, strace and a CJK font (apt-get or dnf, as root or through sudo; else Playwright\'s own Chromium)',
    (y) => y,
    () =>
      guard(async () => {
        const { setup } = await import('./commands/setup.js');
        return setup((s) => process.stdout.write(s + '\n'));
      }),
  )
  .option('lang', {
    global: true,
    type: 'string',
    requiresArg: true,
    describe: 'Language of the messages: en or zh-CN (default: your locale, LANG or the Windows UI language)',
    coerce: (v: string) => {
      if (!parseLang(v)) throw new UsageError(t('common.badLang', { value: v }));
      return v;
    },
  })
  .strict()
  .demandCommand(1, 'Name a command: up, ps, logs, down, proxy, chaos, app, doctor or setup.')
  .recommendCommands()
  .help()
  .wrap(Math.min(110, process.stdout.columns ?? 100))
  .fail((msg, err, y) => {
    // yargs' own errors (and the flag checks' UsageErrors, which it wraps) are bad usage; others are bugs.
    if (err && err.name !== 'YError') throw err;
    // The command's usage line (and a group's commands), not its whole help: the line that
    // matters stays in sight.
    y.showHelp((help: string) => process.stderr.write(shortUsage(help)));
    // Thrown, not process.exit(): a bad command line ends as any command does, after what it started.
    throw new UsageError(msg);
  });

// yargs' own words (Options:, "Did you mean") follow the user's locale as yargs reads it (German
// too), except where ours decided otherwise: Chinese from the Windows UI language, or a language
// the user chose (--lang, HARNESS_LANG).
const yargsLang = yargsLocale(process.env);
if (yargsLang) cli.locale(yargsLang);

try {
  await cli.parseAsync();
} catch (e) {
  if (!(e instanceof UsageError)) throw e;
  process.stderr.write(`harness: ${e.message}\n`);
  process.exitCode = e.exitCode;
}
