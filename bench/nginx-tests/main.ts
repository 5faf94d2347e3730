// `npm run nginx-tests`: nginx's own test suite (nginx-tests) against real nginx and the embedded
// engine, file by file, and the ratchet that holds the engine to what it passed before.
//
//   npm run nginx-tests                       # the ratchet's files on both engines: the table
//   npm run nginx-tests -- proxy.t rewrite    # some files only
//   npm run nginx-tests -- --check            # the embedded engine against the ratchet (exit 1 on a drop)
//   npm run nginx-tests -- --update --runs 3  # both engines, 3 runs each: the floors into the ratchet and the doc
//   npm run nginx-tests -- --json             # the results as JSON
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { UserError, UsageError } from '../../harness/errors.js';
import { describeDrop, drops, PARITY_DOCS, RATCHET_FILE, ratchetTable, readRatchet, withTable, writeRatchet, type Ratchet } from './ratchet.js';
import { Interrupted, type EngineName, type FileRun } from './run-file.js';
import { runSuite, suiteFolder, type EngineResult, type FileResult, type SuiteRun } from './suite.js';

const HELP = `npm run nginx-tests -- [FILE.t ...] [--check | --update] [--json] [--runs N] [--jobs N] [--timeout SECONDS]

Runs nginx's test suite (the folder named by HARNESS_NGINX_TESTS) against real nginx and the
embedded engine, and prints each file's passed assertions on both.
  FILE.t ...     these files only (default: every file of bench/nginx-tests/ratchet.json;
                 the files NOT_RUN in ratchet.ts names, which need what the engine refuses, are not in it)
  --check        the embedded engine only; exit 1 when a file passes fewer than the ratchet says
  --update       write both engines' counts into the ratchet and docs/nginx-parity.md (and its twin)
  --runs N       run each file N times; its count is the smallest (default 1)
  --jobs N       files run at once (default 2)
  --timeout S    a file still running after S seconds is stopped (default 120)
  --json         print the results as JSON`;

interface Args {
  files: string[];
  check: boolean;
  update: boolean;
  json: boolean;
  runs: number;
  jobs: number;
  timeoutMs: number;
}

function positive(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} ${value}: give a whole number of 1 or more`);
  return n;
}

function parse(argv: string[]): Args | undefined {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        check: { type: 'boolean', default: false },
        update: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        runs: { type: 'string', default: '1' },
        jobs: { type: 'string', default: '2' },
        timeout: { type: 'string', default: '120' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n\n${HELP}`);
  }
  const v = parsed.values;
  if (v.help) return undefined;
  if (v.check && v.update) throw new UsageError('--check and --update: give one of them');
  return {
    files: parsed.positionals.map((f) => (f.endsWith('.t') ? f : `${f}.t`)),
    check: v.check,
    update: v.update,
    json: v.json,
    runs: positive('runs', v.runs),
    jobs: positive('jobs', v.jobs),
    timeoutMs: positive('timeout', v.timeout) * 1000,
  };
}

const count = (e?: EngineResult) => (e ? `${e.passed}/${e.total}${new Set(e.counts).size > 1 ? ` (runs: ${e.counts.join(', ')})` : ''}` : '-');

/** The table: a row per file, then the totals; the engine's reason where it passed less than nginx planned. */
export function formatTable(run: SuiteRun, ratchet: Ratchet): string {
  const nginxOf = (f: FileResult): EngineResult | undefined => f.nginx ?? (ratchet[f.file] && { ...ratchet[f.file].nginx, counts: [], ms: 0 });
  const rows = run.files.map((f) => [f.file, count(nginxOf(f)), count(f.embedded), f.embedded?.reason ?? '']);
  const sum = (pick: (f: FileResult) => EngineResult | undefined) =>
    run.files.reduce((a, f) => ({ passed: a.passed + (pick(f)?.passed ?? 0), total: a.total + (pick(f)?.total ?? 0) }), { passed: 0, total: 0 });
  const [n, e] = [sum(nginxOf), sum((f) => f.embedded)];
  rows.push([`${run.files.length} files`, `${n.passed}/${n.total}`, `${e.passed}/${e.total}`, `wall time ${(run.wallMs / 1000).toFixed(1)} s`]);
  const head = ['file', run.files.some((f) => f.nginx) ? 'nginx' : 'nginx (ratchet)', 'embedded', 'first reason (embedded)'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ').trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}

/**
 * The ratchet with this run's counts for the files run. A file whose counts differed between runs
 * gets `varies`; one that has it keeps the lowest engine count it ever had.
 */
function updated(ratchet: Ratchet, run: SuiteRun): Ratchet {
  const out = { ...ratchet };
  for (const f of run.files) {
    if (!f.nginx || !f.embedded) continue;
    const before = ratchet[f.file];
    const varied = [f.nginx, f.embedded].some((e) => new Set(e.counts).size > 1);
    const varies = before?.varies ?? (varied ? `counts varied between runs (nginx ${f.nginx.counts.join(', ')}; embedded ${f.embedded.counts.join(', ')})` : undefined);
    const engine = varies && before ? Math.min(before.engine.passed, f.embedded.passed) : f.embedded.passed;
    out[f.file] = { nginx: { passed: f.nginx.passed, total: f.nginx.total }, engine: { passed: engine, total: f.embedded.total }, ...(varies ? { varies } : {}) };
  }
  return out;
}

function progress(r: FileRun): void {
  process.stderr.write(`${r.file} ${r.engine}: ${r.passed}/${r.total} in ${(r.ms / 1000).toFixed(1)} s${r.reason ? ` (${r.reason})` : ''}\n`);
}

async function main(argv: string[]): Promise<number> {
  const a = parse(argv);
  if (!a) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const suite = suiteFolder();
  const ratchet = readRatchet();
  const files = a.files.length ? a.files : Object.keys(ratchet).sort();
  const engines: EngineName[] = a.check ? ['embedded'] : ['nginx', 'embedded'];
  const run = await runSuite({ suite, files, engines, jobs: a.jobs, runs: a.runs, timeoutMs: a.timeoutMs, signal: stop.signal, onRun: a.json ? undefined : progress });
  const fell = drops(ratchet, Object.fromEntries(run.files.map((f) => [f.file, f.embedded!])));
  if (a.json) process.stdout.write(`${JSON.stringify({ suite, wallMs: run.wallMs, jobs: a.jobs, runs: a.runs, files: run.files, drops: fell }, null, 1)}\n`);
  else process.stdout.write(`\n${formatTable(run, ratchet)}\n`);
  if (a.update) {
    const next = updated(ratchet, run);
    const docs = PARITY_DOCS.map(({ file, lang }) => ({ file, text: withTable(readFileSync(file, 'utf8'), ratchetTable(next, lang), file) }));
    writeRatchet(next);
    for (const d of docs) writeFileSync(d.file, d.text);
    process.stderr.write(`written: ${RATCHET_FILE} and the table of ${docs.map((d) => d.file).join(' and ')}\n`);
    return 0;
  }
  if (!a.check) return 0;
  for (const d of fell) process.stderr.write(`${describeDrop(d)}\n`);
  if (!fell.length) process.stderr.write(`the ratchet holds: no file passed fewer than ${RATCHET_FILE} says\n`);
  return fell.length ? 1 : 0;
}

const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => stop.abort());

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (e: unknown) => {
    if (e instanceof Interrupted) {
      process.stderr.write('nginx-tests: stopped; the files that were running were killed with what they started, and their temp folders removed\n');
      process.exitCode = 130;
    }
    else if (e instanceof UserError) {
      process.stderr.write(`nginx-tests: ${e.message}\n`);
      process.exitCode = e.exitCode;
    } else throw e;
  },
);
