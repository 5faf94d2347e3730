// `harness chaos run <name>`: a scenario on a fresh stack (scenario-runner/runner.ts), its steps as they
// happen, its timeline and the stack's logs kept in a folder of the run's own.
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Argv } from 'yargs';
import type { Browser } from 'playwright';
import { SCENARIOS, findScenario, isScenarioPath, loadScenarioFile } from '../../scenarios/index.js';
import type { Scenario } from '../scenario-runner/scenario.js';
import { ENGINES, type EngineName } from '../engine/engine.js';
import { hostOs, type OsName } from '../os-profile.js';
import { locateNginx, nginxHost, nginxMissingAdvice } from '../nginx/binary.js';
import { installAdvice } from '../system-packages.js';
import { RunStopped, type Progress } from '../scenario-runner/runner.js';
import { runScenario } from '../scenario-runner/run-scenario.js';
import { applies } from '../scenario-runner/scenario.js';
import { renderSvg } from '../timeline/svg.js';
import { chromiumPath, CHROMIUM_ARGS } from '../browser.js';
import { DEFAULT_PREFIX, hostAndPort, writableFolder } from '../flags.js';
import { UsageError, UserError } from '../errors.js';
import { watchStopRequests } from '../stop-request.js';
import { t } from './chaos-run.texts.js';
import { hostPort } from '../ports.js';
import type { Upstream } from '../stack/pass-through.js';
import { osOption } from './options.js';
import { guard, print } from './guard.js';
import type { Args } from './command.js';

export const builder = (y: Argv) =>
  y
    .positional('name', { type: 'string', demandOption: true, describe: t('cli.chaos.run.name') })
    // No defaults: a scenario that needs nginx or a profile gets it unless the user chose otherwise.
    .option('proxy', { choices: ENGINES, describe: t('cli.chaos.run.proxy') })
    .option('os', { choices: osOption().choices, describe: t('cli.chaos.run.os') })
    .option('out', { type: 'string', requiresArg: true, describe: t('cli.chaos.run.out') })
    .option('prefix', { type: 'string', requiresArg: true, default: DEFAULT_PREFIX, describe: t('cli.chaos.run.prefix') })
    .option('doctor', { type: 'boolean', default: false, describe: t('cli.chaos.run.doctor') })
    .option('admin', { choices: ['external'] as const, describe: t('cli.chaos.run.admin') })
    .option('admin-upstream', { requiresArg: true, coerce: hostAndPort('--admin-upstream'), describe: t('cli.chaos.run.adminUpstream') });

export const handler = (a: Args<typeof builder>) =>
  guard(() => chaosRun({ name: a.name, proxy: a.proxy as EngineName | undefined, os: a.os as OsName | undefined, out: a.out, prefix: a.prefix, doctor: a.doctor, admin: a.admin, adminUpstream: a['admin-upstream'] }, print));

type Out = (s: string) => void;

/** Lines of a failure shown in the terminal; the whole text is in timeline.json. */
const FAILURE_LINES = 14;

function mark(p: Progress): string {
  const at = `${(p.t / 1000).toFixed(1).padStart(5)}s`;
  if (p.kind === 'step') return `${at}  → ${p.text}`;
  if (p.kind === 'fault') return `${at}  ⚡ ${t('chaos.run.fault', { text: p.text })}`;
  if (p.kind === 'note') return `          ${p.text}`;
  if (p.ok) return `${at}  ✓ ${p.text}`;
  const lines = (p.error ?? '').split('\n');
  while (lines.length && !lines.at(-1)!.trim()) lines.pop();
  const shown = lines.slice(0, FAILURE_LINES);
  if (lines.length > shown.length) shown.push(t('chaos.run.moreLines', { count: lines.length - shown.length }));
  return `${at}  ✗ ${p.text}\n${shown.map((l) => `          ${l}`).join('\n')}`;
}

async function scenarioNamed(nameOrPath: string): Promise<Scenario> {
  const s = findScenario(nameOrPath);
  if (s) return s;
  if (!isScenarioPath(nameOrPath)) throw new UsageError(t('chaos.run.noScenario', { name: nameOrPath, names: SCENARIOS.map((x) => x.name).join(', ') }));
  return loadScenarioFile(nameOrPath);
}

export interface ChaosRunOptions {
  name: string;
  /** Undefined: the scenario's own choice (embedded where it runs on it). */
  proxy?: EngineName;
  /** Undefined: this system's profile where the scenario is about it, else the scenario's first. */
  os?: OsName;
  out?: string;
  prefix: string;
  doctor?: boolean;
  /** `external`: in front of the user's own admin server, at adminUpstream. */
  admin?: 'external';
  adminUpstream?: Upstream;
}

/**
 * The engine and profile of a run: those the user gave, else what the scenario needs (real nginx for
 * a scenario only it shows, where it is installed; the profile it is about). A pair that cannot run
 * is refused with the flags that would change it.
 */
function engineAndProfile(s: Scenario, given: { proxy?: EngineName; os?: OsName }): { proxy: EngineName; os: OsName } {
  const engines = s.engines ?? ['embedded', 'nginx'];
  const proxy = given.proxy ?? (engines.includes('embedded') ? 'embedded' : engines[0]);
  if (!given.proxy && proxy === 'nginx' && !locateNginx({ host: nginxHost() })) {
    throw new UserError(t('chaos.run.nginxMissing', { name: s.name, advice: nginxMissingAdvice(nginxHost(), installAdvice(['nginx'])) }));
  }
  const profiles = (s.profiles ?? ['linux']).filter((p) => proxy !== 'nginx' || p !== 'windows');
  const os = given.os ?? (profiles.includes(hostOs()) ? hostOs() : (profiles[0] ?? hostOs()));
  const reason = applies(s, proxy, os);
  if (reason) {
    const flags = [engines.includes(proxy) ? '' : `--proxy ${engines[0]}`, profiles.includes(os) ? '' : `--os ${profiles[0] ?? (s.profiles ?? ['linux'])[0]}`];
    throw new UsageError(t('chaos.run.runItWith', { reason, flags: flags.filter(Boolean).join(' ') }));
  }
  return { proxy, os };
}

export async function chaosRun(given: ChaosRunOptions, out: Out): Promise<number> {
  const s = await scenarioNamed(given.name);
  if (given.admin === 'external' && !given.adminUpstream) throw new UsageError(t('chaos.run.needsUpstream'));
  const standIn = given.adminUpstream && s.needsStandIn;
  if (standIn) throw new UsageError(t('chaos.run.needsStandIn', { name: s.name, reason: standIn }));
  const o = { ...given, ...engineAndProfile(s, given) };
  const dir = resolve(o.out ?? join(o.prefix, 'chaos', `${s.name}-${o.proxy}-${o.os}-${new Date().toISOString().replace(/[:.]/g, '-')}`));
  freshRunDir(o.out === undefined ? '--prefix' : '--out', dir);
  out(`${s.name}: ${s.summary}`);
  const admin = o.adminUpstream ? t('chaos.run.inFrontOf', { upstream: hostPort(o.adminUpstream.host, o.adminUpstream.port) }) : '';
  out(t('chaos.run.where', { engine: o.proxy, os: o.os, admin, dir }));
  // Ctrl-C, SIGTERM or the parent gone: the run stops, its stacks and browser with it.
  const stopRequest = watchStopRequests({ parent: true, onAsked: (why) => out(t('chaos.run.stopping', { why })) });
  let browser: Promise<Browser> | undefined;
  try {
    const result = await runScenario(s, {
      engine: o.proxy,
      os: o.os,
      dir,
      onProgress: (p) => out(mark(p)),
      stopAsked: stopRequest.asked,
      adminUpstream: o.adminUpstream,
      newPage: async () => {
        // Playwright (~330 ms to load) only for a scenario with a page. Its own signal handlers
        // would end the process before the stacks are stopped.
        browser ??= import('playwright').then(({ chromium }) => chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false }));
        try {
          return await (await browser).newPage();
        } catch (e) {
          throw new UserError(t('chaos.run.noBrowser', { error: (e as Error).message.split('\n')[0] }));
        }
      },
    });
    const title = t('chaos.run.svgTitle', { name: s.name, engine: o.proxy, os: o.os, verdict: t(result.ok ? 'chaos.run.svgPassed' : 'chaos.run.svgFailed') });
    writeFileSync(join(dir, 'timeline.json'), JSON.stringify({ ...result.timeline.toJSON(), verdicts: result.verdicts }, null, 2) + '\n');
    writeFileSync(join(dir, 'timeline.svg'), renderSvg(result.timeline.toJSON().events, title) + '\n');
    if (result.screenshot) writeFileSync(join(dir, 'failure.png'), result.screenshot);
    const { held, failed, notRun } = result.tally;
    const took = `${(result.ms / 1000).toFixed(1)} s`;
    if (result.error instanceof RunStopped) out(t('chaos.run.stopped', { why: result.error.message, held, failed, notRun, took }));
    else if (result.ok) out(t('chaos.run.passed', { held, took }));
    else out(t('chaos.run.failed', { held, failed, notRun, took }));
    if (!result.ok && result.error && !failed && !(result.error instanceof RunStopped)) out(t('chaos.run.runStopped', { error: result.error.message }));
    out(t('chaos.run.timeline', { svg: join(dir, 'timeline.svg') }) + (result.screenshot ? t('chaos.run.screenshot', { png: join(dir, 'failure.png') }) : ''));
    if (result.prefixes.length) out(t('chaos.run.logs', { dirs: result.prefixes.map((p) => join(p, 'logs')).join(', ') }));
    if (o.doctor) {
      // chaos run --doctor only: ~30 ms otherwise.
      const { examineLogs } = await import('../doctor/index.js');
      for (const p of result.prefixes) {
        const errorLog = join(p, 'logs', 'error.log');
        const access = join(p, 'logs', 'access.log');
        if (!existsSync(errorLog)) continue;
        out(t('chaos.run.doctorOn', { errorLog }));
        await examineLogs({ errorLog, access: existsSync(access) ? access : undefined }, process.stdout, process.stderr);
      }
    }
    if (result.error instanceof RunStopped) return stopRequest.exitCode;
    return result.ok ? 0 : 1;
  } finally {
    stopRequest.close();
    await (await browser?.catch(() => undefined))?.close();
  }
}

/** Makes `dir` an empty folder for a run: a previous run's folder (it has a timeline.json) is
 *  emptied, so its logs do not mix with this run's; any other folder with files in it is refused;
 *  one that cannot be made or written in is a usage error. */
function freshRunDir(flag: string, dir: string): void {
  writableFolder(flag, dir);
  const entries = readdirSync(dir);
  if (entries.length && !entries.includes('timeline.json')) {
    throw new UsageError(t('chaos.run.notEmpty', { dir }));
  }
  for (const e of entries) rmSync(join(dir, e), { recursive: true, force: true });
}
