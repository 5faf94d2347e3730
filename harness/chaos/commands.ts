// `harness chaos list | run | inject | restore`: scenarios on a fresh stack, faults on the running one.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { request } from 'undici';
import type { Browser } from 'playwright';
import { SCENARIOS, findScenario } from '../../scenarios/index.js';
import { FAULTS } from '../stack/faults/index.js';
import { readState } from '../stack/state.js';
import type { EngineName } from '../stack/proxy-engine.js';
import type { OsName } from '../os-profile.js';
import { runScenario, applies, type Progress } from './runner.js';
import { renderSvg } from './svg.js';
import { chromiumPath, CHROMIUM_ARGS } from './browser.js';

export class ChaosError extends Error {
  constructor(
    message: string,
    /** 2: the command was asked something that cannot be (an unknown or inapplicable scenario). */
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

type Out = (s: string) => void;

export function chaosList(out: Out): number {
  out('Scenarios (harness chaos run <name> [--proxy nginx] [--os windows]):\n');
  for (const s of SCENARIOS) {
    const where = [`engines: ${(s.engines ?? ['embedded', 'nginx']).join('/')}`, `profiles: ${(s.profiles ?? ['linux']).join('/')}`, `~${s.seconds ?? 5} s`];
    out(`  ${s.name.padEnd(24)} ${s.summary}`);
    out(`  ${''.padEnd(24)} ${where.join(', ')}${s.faults?.length ? `, faults: ${s.faults.join(', ')}` : ''}`);
  }
  out('\nFaults (harness chaos inject <fault> [arg], on the stack `harness up` runs; `harness chaos restore` undoes them):\n');
  for (const f of FAULTS) out(`  ${(f.name + (f.arg ? ` ${f.arg.required ? '<' : '['}${f.arg.name}${f.arg.required ? '>' : ']'}` : '')).padEnd(34)} ${f.summary}`);
  return 0;
}

function mark(p: Progress): string {
  const t = `${(p.t / 1000).toFixed(1).padStart(5)}s`;
  if (p.kind === 'step') return `${t}  → ${p.text}`;
  if (p.kind === 'fault') return `${t}  ⚡ fault ${p.text}`;
  return p.ok ? `${t}  ✓ ${p.text}` : `${t}  ✗ ${p.text}\n${(p.error ?? '').split('\n').map((l) => `          ${l}`).join('\n')}`;
}

export async function chaosRun(o: { name: string; proxy: EngineName; os: OsName; out?: string; prefix: string; doctor?: boolean }, out: Out): Promise<number> {
  const s = findScenario(o.name);
  if (!s) throw new ChaosError(`no scenario "${o.name}". \`harness chaos list\` shows them: ${SCENARIOS.map((x) => x.name).join(', ')}`, 2);
  const reason = applies(s, o.proxy, o.os);
  if (reason) throw new ChaosError(`${reason}. Run it with ${s.engines ? `--proxy ${s.engines[0]} ` : ''}--os ${(s.profiles ?? ['linux'])[0]}.`, 2);
  const dir = resolve(o.out ?? join(o.prefix, 'chaos', `${s.name}-${o.proxy}-${o.os}-${new Date().toISOString().replace(/[:.]/g, '-')}`));
  mkdirSync(dir, { recursive: true });
  out(`${s.name}: ${s.summary}`);
  out(`  ${o.proxy} engine, ${o.os} profile; a fresh stack in ${dir}\n`);
  let browser: Browser | undefined;
  try {
    const result = await runScenario(s, {
      engine: o.proxy,
      os: o.os,
      dir,
      onProgress: (p) => out(mark(p)),
      newPage: async () => {
        const { chromium } = await import('playwright');
        const executablePath = chromiumPath();
        try {
          browser ??= await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
        } catch (e) {
          throw new ChaosError(`no browser could be started (${(e as Error).message.split('\n')[0]}). Install one: npx harness setup (Debian's chromium), or set HARNESS_CHROMIUM to a Chromium binary.`);
        }
        return browser.newPage();
      },
    });
    const json = result.timeline.toJSON();
    const title = `${s.name} — ${o.proxy} engine, ${o.os} profile — ${result.ok ? 'passed' : 'FAILED'}`;
    writeFileSync(join(dir, 'timeline.json'), JSON.stringify(json, null, 2) + '\n');
    writeFileSync(join(dir, 'timeline.svg'), renderSvg(json.events, title) + '\n');
    const observations = result.verdicts.filter((v) => v.kind === 'observation');
    const failed = observations.filter((v) => !v.ok).length;
    out(`\n${result.ok ? 'PASSED' : 'FAILED'}: ${observations.length - failed} of ${observations.length} observations hold.`);
    out(`Timeline: ${join(dir, 'timeline.svg')} (and timeline.json); the stack's logs: ${join(dir, 'stack-0', 'logs')}`);
    if (!result.ok && result.error && !observations.some((v) => !v.ok)) out(`The run stopped: ${result.error.message}`);
    if (o.doctor && result.stack) {
      out('\nharness doctor on the stack\'s logs:\n');
      const { doctorCommand } = await import('../doctor/index.js');
      await doctorCommand({ errorLog: result.stack.errorLogPath, access: result.stack.accessLogPath }, process.stdout, process.stderr);
    }
    return result.ok ? 0 : 1;
  } finally {
    await browser?.close();
  }
}

async function control(prefix: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const state = readState(resolve(prefix));
  if (!state) throw new ChaosError(`no stack is running from ${resolve(prefix)}. Start one with \`npx harness up\` (in another terminal), or name its folder with --prefix.`);
  const r = await request(state.control.url + path, {
    method: 'POST',
    headers: { 'x-harness-token': state.control.token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await r.body.json()) as Record<string, unknown>;
  // 400/404: the fault or its argument was wrong (bad usage, exit 2); anything else failed (exit 1).
  if (r.statusCode >= 300) throw new ChaosError(String(json.error ?? `the stack answered ${r.statusCode}`), r.statusCode === 400 || r.statusCode === 404 ? 2 : 1);
  return json;
}

export async function chaosInject(o: { fault: string; arg?: string; prefix: string }, out: Out): Promise<number> {
  const r = await control(o.prefix, '/faults', { name: o.fault, arg: o.arg });
  const f = FAULTS.find((x) => x.name === o.fault);
  out(`${o.fault}${o.arg ? ' ' + o.arg : ''} applied: ${f?.summary ?? ''}`);
  if (r.undoable) out('Undo with: npx harness chaos restore');
  return 0;
}

export async function chaosRestore(o: { prefix: string }, out: Out): Promise<number> {
  const r = await control(o.prefix, '/restore');
  const undone = r.restored as string[];
  out(undone.length ? `restored: undid ${undone.join(', ')}` : 'nothing to restore: no fault that can be undone is applied (a crashed worker is replaced by the master; there is nothing to undo)');
  if (undone.some((f) => f === 'admin.stop' || f === 'admin.listen')) {
    // What users meet right after a restore: the proxy has not forgotten the failure yet.
    out('The proxy still counts a peer that failed as down for fail_timeout (10 s, per worker): until then /api may answer 502 "no live upstreams", as nginx does.');
  }
  return 0;
}
