// `harness chaos list | run`: the scenarios, each on a fresh stack (and the faults, listed).
// inject, status and restore, on the running stack, are in chaos-faults.ts: they load no scenario
// and no browser, so that a fault is applied as fast as the command starts.
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright';
import { SCENARIOS, findScenario, isScenarioPath, loadScenarioFile } from '../../scenarios/index.js';
import { secondsOf, type Scenario } from '../chaos/scenario.js';
import { FAULTS, usage } from '../faults/index.js';
import type { EngineName } from '../engine/engine.js';
import type { OsName } from '../os-profile.js';
import { runScenario, applies, RunStopped, type Progress } from '../chaos/runner.js';
import { coverage } from '../../scenarios/coverage.js';
import { renderSvg } from '../timeline/svg.js';
import { chromiumPath, CHROMIUM_ARGS } from '../browser.js';
import { writableFolder } from '../flags.js';
import { UsageError, UserError } from '../errors.js';
import { watchStopRequests } from '../stop-request.js';
import { printJson } from '../terminal.js';
import { hostPort } from '../ports.js';
import type { Upstream } from '../stack/pass-through.js';

type Out = (s: string) => void;

/** What `chaos list --json` prints: the scenarios, the faults and the doctor's conditions with their producers. */
function listJson() {
  return {
    scenarios: SCENARIOS.map((s) => ({
      name: s.name,
      summary: s.summary,
      engines: s.engines ?? ['embedded', 'nginx'],
      profiles: s.profiles ?? ['linux'],
      seconds: Object.fromEntries((s.profiles ?? ['linux']).map((p) => [p, secondsOf(s, p)])),
      faults: s.faults ?? [],
      ...(s.needsStandIn ? { needsStandIn: s.needsStandIn } : {}),
    })),
    faults: FAULTS.map((f) => ({ name: f.name, ...(f.alias ? { alias: f.alias } : {}), usage: usage(f), summary: f.summary })),
    conditions: coverage(),
  };
}

export function chaosList(out: Out, o: { json?: boolean } = {}): number {
  if (o.json) return printJson(out, listJson());
  out('Scenarios (harness chaos run <name> [--proxy nginx] [--os windows]):\n');
  const nameWidth = Math.max(...SCENARIOS.map((s) => s.name.length)) + 2;
  for (const s of SCENARIOS) {
    const profiles = s.profiles ?? ['linux'];
    const where = [`engines: ${(s.engines ?? ['embedded', 'nginx']).join('/')}`, `profiles: ${profiles.join('/')}`, typeof s.seconds === 'number' ? `~${s.seconds} s` : profiles.map((p) => `~${secondsOf(s, p)} s on ${p}`).join(', ')];
    out(`  ${s.name.padEnd(nameWidth)}${s.summary}`);
    out(`  ${''.padEnd(nameWidth)}${where.join(', ')}${s.faults?.length ? `, faults: ${s.faults.join(', ')}` : ''}${s.needsStandIn ? ', the stand-in only' : ''}`);
  }
  out('\nIn front of your own admin server: harness chaos run <name> --admin external --admin-upstream HOST:PORT (all but those marked "the stand-in only").');
  out('\nFaults (harness chaos inject <fault> [args], on the stack `harness up` runs; `harness chaos restore` undoes them).');
  out('Every admin.* fault acts on the stand-in, or on your own admin server when the stack runs with --admin-upstream HOST:PORT:\n');
  const usages = FAULTS.map((f) => usage(f) + (f.alias ? ` (also ${f.alias})` : ''));
  FAULTS.forEach((f, i) => {
    out(`  ${usages[i]}`);
    out(`      ${f.summary}`);
  });
  out('\nDoctor conditions, and the scenarios that produce them (engines, profiles where not all):\n');
  const cov = coverage();
  const width = Math.max(...cov.map((c) => c.condition.length)) + 2;
  for (const c of cov) {
    const by = c.producers.map((p) => {
      // Real nginx runs the Linux profile only: for it, the profile goes without saying.
      const where = [p.engines.length < 2 ? p.engines[0] : '', p.profiles.length < 2 && p.engines.includes('embedded') ? p.profiles[0] : ''].filter(Boolean).join(', ');
      return where ? `${p.scenario} (${where})` : p.scenario;
    });
    out(`  ${c.condition.padEnd(width)}${by.length ? by.join(', ') : `none: ${c.reason ?? 'NO SCENARIO YET'}`}`);
  }
  return 0;
}

/** Lines of a failure shown in the terminal; the whole text is in timeline.json. */
const FAILURE_LINES = 14;

function mark(p: Progress): string {
  const t = `${(p.t / 1000).toFixed(1).padStart(5)}s`;
  if (p.kind === 'step') return `${t}  → ${p.text}`;
  if (p.kind === 'fault') return `${t}  ⚡ fault ${p.text}`;
  if (p.kind === 'note') return `          ${p.text}`;
  if (p.ok) return `${t}  ✓ ${p.text}`;
  const lines = (p.error ?? '').split('\n');
  while (lines.length && !lines.at(-1)!.trim()) lines.pop();
  const shown = lines.slice(0, FAILURE_LINES);
  if (lines.length > shown.length) shown.push(`… ${lines.length - shown.length} more lines: the verdict's whole text is in timeline.json`);
  return `${t}  ✗ ${p.text}\n${shown.map((l) => `          ${l}`).join('\n')}`;
}

async function scenarioNamed(nameOrPath: string): Promise<Scenario> {
  const s = findScenario(nameOrPath);
  if (s) return s;
  if (!isScenarioPath(nameOrPath)) throw new UsageError(`no scenario "${nameOrPath}". \`harness chaos list\` shows them: ${SCENARIOS.map((x) => x.name).join(', ')}`);
  return loadScenarioFile(nameOrPath);
}

export interface ChaosRunOptions {
  name: string;
  proxy: EngineName;
  os: OsName;
  out?: string;
  prefix: string;
  doctor?: boolean;
  /** `external`: in front of the user's own admin server, at adminUpstream. */
  admin?: 'external';
  adminUpstream?: Upstream;
}

export async function chaosRun(o: ChaosRunOptions, out: Out): Promise<number> {
  const s = await scenarioNamed(o.name);
  if (o.admin === 'external' && !o.adminUpstream) throw new UsageError('--admin external: give --admin-upstream HOST:PORT too (where your admin server listens, e.g. 127.0.0.1:8081); the run puts the harness in front of it.');
  const standIn = o.adminUpstream && s.needsStandIn;
  if (standIn) throw new UsageError(`${s.name} needs the admin stand-in: ${standIn}. Run it without --admin external and --admin-upstream.`);
  const reason = applies(s, o.proxy, o.os);
  if (reason) throw new UsageError(`${reason}. Run it with ${s.engines ? `--proxy ${s.engines[0]} ` : ''}--os ${(s.profiles ?? ['linux'])[0]}.`);
  const dir = resolve(o.out ?? join(o.prefix, 'chaos', `${s.name}-${o.proxy}-${o.os}-${new Date().toISOString().replace(/[:.]/g, '-')}`));
  freshRunDir(o.out === undefined ? '--prefix' : '--out', dir);
  out(`${s.name}: ${s.summary}`);
  const admin = o.adminUpstream ? `, in front of your admin server on ${hostPort(o.adminUpstream.host, o.adminUpstream.port)}` : '';
  out(`  ${o.proxy} engine, ${o.os} profile${admin}; a fresh stack in ${dir}\n`);
  // Ctrl-C, SIGTERM or the parent gone: the run stops, its stacks and browser with it.
  const stopRequest = watchStopRequests({ parent: true, onAsked: (why) => out(`${why}: stopping the run and everything it started...`) });
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
        // Playwright's own signal handlers would end the process before the stacks are stopped.
        browser ??= import('playwright').then(({ chromium }) => chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false }));
        try {
          return await (await browser).newPage();
        } catch (e) {
          throw new UserError(`no browser could be started (${(e as Error).message.split('\n')[0]}). Install one: npx harness setup (the system chromium, else Playwright's own), or set HARNESS_CHROMIUM to a Chromium binary.`);
        }
      },
    });
    const title = `${s.name} — ${o.proxy} engine, ${o.os} profile — ${result.ok ? 'passed' : 'FAILED'}`;
    writeFileSync(join(dir, 'timeline.json'), JSON.stringify({ ...result.timeline.toJSON(), verdicts: result.verdicts }, null, 2) + '\n');
    writeFileSync(join(dir, 'timeline.svg'), renderSvg(result.timeline.toJSON().events, title) + '\n');
    if (result.screenshot) writeFileSync(join(dir, 'failure.png'), result.screenshot);
    const { held, failed, notRun } = result.tally;
    const took = `${(result.ms / 1000).toFixed(1)} s`;
    if (result.error instanceof RunStopped) out(`\nSTOPPED before its end (${result.error.message}): ${held} held, ${failed} failed, ${notRun} not run (${took}). Everything it had started has been stopped.`);
    else if (result.ok) out(`\nPASSED: ${held} of ${held} observations hold (${took}).`);
    else out(`\nFAILED: ${held} held, ${failed} failed, ${notRun} not run (${took}).`);
    if (!result.ok && result.error && !failed && !(result.error instanceof RunStopped)) out(`The run stopped: ${result.error.message}`);
    out(`Timeline: ${join(dir, 'timeline.svg')} (and timeline.json)${result.screenshot ? `; the browser when it failed: ${join(dir, 'failure.png')}` : ''}`);
    if (result.prefixes.length) out(`The proxy's logs: ${result.prefixes.map((p) => join(p, 'logs')).join(', ')}`);
    if (o.doctor) {
      const { doctorCommand } = await import('../doctor/index.js');
      for (const p of result.prefixes) {
        const errorLog = join(p, 'logs', 'error.log');
        const access = join(p, 'logs', 'access.log');
        if (!existsSync(errorLog)) continue;
        out(`\nharness doctor on ${errorLog}:\n`);
        await doctorCommand({ errorLog, access: existsSync(access) ? access : undefined }, process.stdout, process.stderr);
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
    throw new UsageError(`${dir} is not empty and holds no earlier chaos run: name a new or empty folder with --out.`);
  }
  for (const e of entries) rmSync(join(dir, e), { recursive: true, force: true });
}
