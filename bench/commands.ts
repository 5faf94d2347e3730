// How fast commands answer: `node bin/harness.js <command>` from spawn to exit, as a user runs it,
// beside a bare `node -e 0` (the floor), on the machine as it is and again with two CPU-bound
// processes beside it (the bench starts them and ends them by pid). The commands on a running stack
// (ps, chaos status, inject, restore, down) act on a stack `up -d` started that round; `up -d`
// (to its return) is set against `up` in the foreground (to its ready line).
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { execa, type ResultPromise } from 'execa';
import { repoRoot } from '../harness/paths.js';
import { benchPort } from './port.js';
import { harnessUp } from './startup.js';
import { killTree, track } from './procs.js';
import { spread } from './stats.js';

const CONDITIONS = ['quiet', 'loaded'] as const;
type Condition = (typeof CONDITIONS)[number];

/** The figures, each against its target (ms, median of the rounds). */
const FIGURES = ['node -e 0', '--help', '--version', 'chaos list', 'up -d', 'chaos status', 'ps', 'chaos inject', 'chaos restore', 'down', 'up (to ready)'] as const;
type Figure = (typeof FIGURES)[number];

const TARGET_MS: Partial<Record<Figure, number>> = { '--help': 150, '--version': 150, 'chaos list': 200, 'chaos status': 300, ps: 300, 'chaos inject': 300, 'chaos restore': 300, down: 1000 };
/** `up -d` may take this much longer than `up` to its ready line. */
const DETACH_OVER_UP_MS = 200;

export interface CommandsSample {
  rounds: number;
  /** Per condition: each figure's samples (ms), and the 1-minute load average at its start and end. */
  conditions: Partial<Record<Condition, { ms: Partial<Record<Figure, number[]>>; loadavg: [number, number] }>>;
}

const harness = join(repoRoot, 'bin', 'harness.js');

/** Spawn → exit of `node <args>`, which must exit 0. */
async function timed(args: string[]): Promise<number> {
  const t0 = performance.now();
  const r = await execa(process.execPath, args, { cwd: repoRoot, reject: false, stdin: 'ignore', env: { FORCE_COLOR: '0' } });
  const ms = performance.now() - t0;
  if (r.exitCode !== 0) throw new Error(`node ${args.join(' ')} exited ${r.exitCode ?? r.signal}:\n${r.stdout.slice(-800)}${r.stderr.slice(-800)}`);
  if (/compiling \(tsc\)/.test(r.stderr)) throw new Error('harness rebuilt dist/ first (the source changed during the run): run the bench again');
  return ms;
}

/** Two processes that keep a core busy each, until ended by their pid. */
function burners(): { stop(): Promise<void> } {
  const children: ResultPromise[] = [0, 1].map(() => execa(process.execPath, ['-e', 'for(;;){}'], { reject: false }));
  const untrack = children.map((c) => track(c.pid, 'CPU burner'));
  return {
    async stop() {
      for (const c of children) if (c.pid !== undefined) await killTree(c.pid);
      await Promise.all(children);
      for (const u of untrack) u();
    },
  };
}

async function round(root: string, ms: Partial<Record<Figure, number[]>>): Promise<void> {
  const add = (f: Figure, v: number) => (ms[f] ??= []).push(v);
  add('node -e 0', await timed(['-e', '0']));
  add('--help', await timed([harness, '--help']));
  add('--version', await timed([harness, '--version']));
  add('chaos list', await timed([harness, 'chaos', 'list']));
  const prefix = mkdtempSync(join(root, 'commands-'));
  const on = ['--prefix', prefix];
  add('up -d', await timed([harness, 'up', '-d', '--port', String(await benchPort()), '--admin-port', String(await benchPort()), ...on]));
  // The background stack is the bench's to end if `down` does not.
  const { pid } = JSON.parse(readFileSync(join(prefix, 'state.json'), 'utf8')) as { pid: number };
  const untrack = track(pid, 'harness up -d');
  add('chaos status', await timed([harness, 'chaos', 'status', ...on]));
  add('ps', await timed([harness, 'ps', ...on]));
  add('chaos inject', await timed([harness, 'chaos', 'inject', 'admin.latency', '10', ...on]));
  add('chaos restore', await timed([harness, 'chaos', 'restore', ...on]));
  add('down', await timed([harness, 'down', ...on]));
  untrack();
  add('up (to ready)', await harnessUp(root, 'embedded'));
}

export async function commandsPart(root: string, rounds: number, log: (s: string) => void): Promise<CommandsSample> {
  const sample: CommandsSample = { rounds, conditions: {} };
  for (const condition of CONDITIONS) {
    const load = condition === 'loaded' ? burners() : undefined;
    const ms: Partial<Record<Figure, number[]>> = {};
    const start = loadavg()[0];
    try {
      for (let i = 1; i <= rounds; i++) {
        await round(root, ms);
        log(`commands (${condition}) ${i}/${rounds}: ${FIGURES.map((f) => `${f} ${ms[f]?.at(-1)?.toFixed(0)}`).join(', ')} ms`);
      }
    } finally {
      await load?.stop();
    }
    sample.conditions[condition] = { ms, loadavg: [start, loadavg()[0]] };
  }
  return sample;
}

const fmt = (v: number[] | undefined) => {
  if (!v?.length) return '—';
  const s = spread(v);
  return `${s.median.toFixed(0)} (${s.min.toFixed(0)}–${s.max.toFixed(0)})`;
};

/** The target of `f` and whether the median of `v` meets it (`up -d`: against `up`'s median of the same condition). */
function verdict(f: Figure, v: number[] | undefined, all: Partial<Record<Figure, number[]>>): string {
  const limit = f === 'up -d' ? spread(all['up (to ready)'] ?? []).median + DETACH_OVER_UP_MS : TARGET_MS[f];
  if (limit === undefined || !v?.length || !Number.isFinite(limit)) return '';
  return `${spread(v).median <= limit ? '✓' : '✗'} ≤ ${limit.toFixed(0)}`;
}

export function commandsMarkdown(s: CommandsSample | undefined): string {
  if (!s) return '';
  const quiet = s.conditions.quiet;
  const loaded = s.conditions.loaded;
  const la = (c: typeof quiet) => (c ? `${c.loadavg[0].toFixed(2)} → ${c.loadavg[1].toFixed(2)}` : '—');
  return [
    '',
    `## Commands: spawn → exit, ms, median (range) of ${s.rounds} rounds`,
    '',
    `| command | as the machine is | target | with two CPU-bound processes beside it | target |`,
    '|---|---|---|---|---|',
    ...FIGURES.map((f) => `| \`${f}\` | ${fmt(quiet?.ms[f])} | ${quiet ? verdict(f, quiet.ms[f], quiet.ms) : ''} | ${fmt(loaded?.ms[f])} | ${loaded ? verdict(f, loaded.ms[f], loaded.ms) : ''} |`),
    '',
    `Load average (1 min) at the start and end: ${la(quiet)} as the machine is, ${la(loaded)} with the two processes. \`up (to ready)\` is \`harness up\` to its ready line; \`up -d\`'s target is that plus ${DETACH_OVER_UP_MS} ms.`,
    '',
  ].join('\n');
}
