// The ratchet: for each nginx-tests file the project runs, the assertions the embedded engine
// passed when main last reached them (a floor it may not drop below), and real nginx's for the
// table. Its keys are the list of files a run takes. docs/nginx-parity.md and its Chinese twin show
// it as a table, between two markers, written by `--update`, and after it the files NOT_RUN leaves
// out, with why.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../harness/paths.js';

export interface Count {
  passed: number;
  total: number;
}

export interface RatchetEntry {
  nginx: Count;
  engine: Count;
  /**
   * A file whose count varies from run to run, and why. Its engine floor is the lowest count seen:
   * `--update` never raises it.
   */
  varies?: string;
}

export type Ratchet = Record<string, RatchetEntry>;

/**
 * Files a run leaves out, and why, in each language of the docs: they need what the embedded engine
 * refuses on purpose (docs/nginx-parity.md, "Where the line is drawn"). Name one to run it anyway.
 */
export const NOT_RUN: readonly { files: readonly string[]; why: Record<DocLang, string> }[] = [
  {
    files: ['not_modified_finalize.t', 'not_modified_proxy.t', 'proxy_extra_data.t', 'proxy_merge_headers.t', 'proxy_unfinished.t', 'range_charset.t'],
    why: { en: 'Not run: need `proxy_cache`', 'zh-CN': '不运行：需要 `proxy_cache`' },
  },
];

export const RATCHET_FILE = join(repoRoot, 'bench', 'nginx-tests', 'ratchet.json');
export const PARITY_DOC = join(repoRoot, 'docs', 'nginx-parity.md');
export const PARITY_DOC_ZH = join(repoRoot, 'docs', 'nginx-parity.zh-CN.md');

export type DocLang = 'en' | 'zh-CN';

/** The table's words in each language of the docs; the files and their notes stay as they are. */
const HEAD: Record<DocLang, { columns: string; totals: (files: number) => string }> = {
  en: { columns: '| file | nginx passed | embedded engine passed | note |', totals: (n) => `all ${n} files` },
  'zh-CN': { columns: '| 文件 | nginx 通过 | 内置引擎通过 | 说明 |', totals: (n) => `全部 ${n} 个文件` },
};

/** The docs that show the table, each in its language: `--update` writes both, so they stay in step. */
export const PARITY_DOCS: readonly { file: string; lang: DocLang }[] = [
  { file: PARITY_DOC, lang: 'en' },
  { file: PARITY_DOC_ZH, lang: 'zh-CN' },
];
const BEGIN = '<!-- nginx-tests table: written by `npm run nginx-tests -- --update` -->';
const END = '<!-- end of the nginx-tests table -->';

export function readRatchet(file = RATCHET_FILE): Ratchet {
  return JSON.parse(readFileSync(file, 'utf8')) as Ratchet;
}

/** One line per file, in file order: a change of counts is a one-line diff. */
export function writeRatchet(r: Ratchet, file = RATCHET_FILE): void {
  const lines = Object.keys(r)
    .sort()
    .map((k) => `  ${JSON.stringify(k)}: ${JSON.stringify(r[k])}`);
  writeFileSync(file, `{\n${lines.join(',\n')}\n}\n`);
}

export interface Drop {
  file: string;
  floor: number;
  passed: number;
}

/** The files whose engine count fell below the ratchet. */
export function drops(ratchet: Ratchet, engine: Record<string, Count>): Drop[] {
  return Object.entries(engine)
    .filter(([file, c]) => ratchet[file] && c.passed < ratchet[file].engine.passed)
    .map(([file, c]) => ({ file, floor: ratchet[file].engine.passed, passed: c.passed }));
}

export function describeDrop(d: Drop): string {
  return `${d.file}: the embedded engine passed ${d.passed}, the ratchet says ${d.floor} (${d.floor - d.passed} fewer)`;
}

const sum = (counts: Count[]) => counts.reduce((a, c) => ({ passed: a.passed + c.passed, total: a.total + c.total }), { passed: 0, total: 0 });
const cell = (c: Count) => `${c.passed} / ${c.total}`;

/** The ratchet as the doc's table (Markdown) in the doc's language, its totals last. */
export function ratchetTable(r: Ratchet, lang: DocLang = 'en'): string {
  const files = Object.keys(r).sort();
  const rows = files.map((f) => `| ${f} | ${cell(r[f].nginx)} | ${cell(r[f].engine)} | ${r[f].varies ?? ''} |`);
  const all = Object.values(r);
  const totals = `| ${HEAD[lang].totals(files.length)} | ${cell(sum(all.map((e) => e.nginx)))} | ${cell(sum(all.map((e) => e.engine)))} | |`;
  const notRun = NOT_RUN.map((n) => `${n.why[lang]}: ${n.files.join(', ')}.`);
  return [HEAD[lang].columns, '|---|---|---|---|', ...rows, totals, ...notRun.flatMap((line) => ['', line])].join('\n');
}

/** The doc's text between the markers; undefined when a marker is missing. */
export function docTable(doc: string): string | undefined {
  const a = doc.indexOf(BEGIN);
  const b = doc.indexOf(END);
  return a < 0 || b < a ? undefined : doc.slice(a + BEGIN.length, b).trim();
}

/** The doc with the table between its markers replaced; `file` names the doc in the error. */
export function withTable(doc: string, table: string, file = PARITY_DOC): string {
  const a = doc.indexOf(BEGIN);
  const b = doc.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${file} has no nginx-tests markers: put "${BEGIN}" and "${END}" where the table goes`);
  return `${doc.slice(0, a + BEGIN.length)}\n${table}\n${doc.slice(b)}`;
}
