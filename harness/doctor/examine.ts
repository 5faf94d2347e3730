// The doctor's reading of the logs a user names (`harness doctor <error.log|-> [--access
// <access.log>] [--json] [--follow]`, up --doctor, chaos run --doctor), or of a Spring Boot
// server's log (`harness doctor logs/admin.log`, alone): the inputs checked, the report written.
// Exit code 0 = nothing to act on, 1 = problems found, 2 = bad input (a missing or unreadable
// file, a folder, a pipe, a file that is no nginx error log, a server's log with nginx's options).
import { basename, dirname, join, resolve } from 'node:path';
import { statSync } from 'node:fs';
import type { LineCounts } from './diagnose.js';
import { analyseAnyLog, kindOf, type LogKind } from './which-log.js';
import { ServerAnalyser } from './server/server-analyser.js';
import { indexAccessLog, type AccessIndex } from './access.js';
import { isProblem } from './grouper.js';
import { incidentJson, jsonPieces, printable, renderIncident, renderText } from './report.js';
import { once } from 'node:events';
import { follow } from './follow.js';
import { DoctorInputError, openLogFile, readLog, STDIN } from './input.js';
import { count } from './say.js';
import { readConfFacts, type ConfFacts } from './conf.js';
import { hasColours } from '../terminal.js';
import { t } from './command.texts.js';

/** --conf: the files must be there (exit 2 if not); what cannot be read in them is said on stderr, and the rest is used. */
function confOf(files: string[], err: NodeJS.WritableStream): ConfFacts {
  for (const f of files) {
    let st;
    try {
      st = statSync(f);
    } catch {
      throw new DoctorInputError(t('doctor.input.noConf', { file: f }));
    }
    if (!st.isFile()) throw new DoctorInputError(t(st.isDirectory() ? 'doctor.input.confFolder' : 'doctor.input.confNotFile', { file: f }));
  }
  const { conf, notes } = readConfFacts(files);
  for (const n of notes) err.write(`harness doctor: --conf: ${printable(n)}\n`);
  return conf;
}

/** An nginx prefix's own conf beside its log: `logs/error.log` → `conf/nginx.conf` (a stack's .harness/, an nginx folder). */
function confBeside(errorLog: string): string | undefined {
  if (errorLog === STDIN) return undefined;
  const logs = dirname(resolve(errorLog));
  if (basename(logs) !== 'logs') return undefined;
  const conf = join(logs, '..', 'conf', 'nginx.conf');
  try {
    return statSync(conf).isFile() ? conf : undefined;
  } catch {
    return undefined;
  }
}

export interface DoctorArgs {
  errorLog: string;
  access?: string;
  /** The user's nginx.conf, then the files it includes that are not where it says (--conf, repeatable). */
  conf?: string[];
  json?: boolean;
  follow?: boolean;
}

/** Why a log with lines but not one nginx error-log line is not what the doctor reads, and what to give it. */
function notAnErrorLog(name: string, c: LineCounts): string | undefined {
  if (c.lines === 0 || c.recognised > 0) return undefined;
  const share = (n: number) => (n < c.lines ? t('doctor.input.share', { n, lines: count(c.lines, 'line') }) : c.lines === 1 ? t('doctor.input.onlyLine') : t('doctor.input.allLines', { n: c.lines }));
  if (c.accessLike > 0 && c.accessLike >= c.lines / 2) return t('doctor.input.isAccessLog', { name, share: share(c.accessLike) });
  const what = c.binaryLike > 0 ? t('doctor.input.binary', { name, share: share(c.binaryLike) }) : t('doctor.input.noLine', { name });
  return t('doctor.input.notErrorLog', { what });
}

/** What a log file's first piece shows it to be (undefined: it does not tell, or standard input). */
async function kindOfFile(path: string): Promise<LogKind | undefined> {
  if (path === STDIN) return undefined;
  const fh = await openLogFile(path, 'error log');
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(1 << 18), 0, 1 << 18, 0);
    return kindOf(buffer.subarray(0, bytesRead));
  } finally {
    await fh.close();
  }
}

/** A server's log goes alone: --follow, --access and --conf are nginx's. */
function serverAlone(args: DoctorArgs, name: string): void {
  if (args.follow) throw new DoctorInputError(t('doctor.input.serverFollow', { name }));
  if (args.access !== undefined || args.conf?.length) throw new DoctorInputError(t('doctor.input.serverWithNginx', { name }));
}

/** Writes pieces in chunks of about 64 KB, waiting whenever the stream's buffer is full. */
async function write(out: NodeJS.WritableStream, pieces: Iterable<string>): Promise<void> {
  let chunk = '';
  for (const p of pieces) {
    chunk += p;
    if (chunk.length < 65536) continue;
    if (!out.write(chunk)) await once(out, 'drain');
    chunk = '';
  }
  if (chunk) out.write(chunk);
}

export async function examineLogs(args: DoctorArgs, out: NodeJS.WritableStream, err: NodeJS.WritableStream, signal?: AbortSignal): Promise<number> {
  try {
    const name = args.errorLog === STDIN ? t('doctor.input.stdin') : basename(args.errorLog);
    if (args.follow && args.errorLog === STDIN) throw new DoctorInputError(t('doctor.input.followStdin'));
    if (args.errorLog === STDIN && (process.stdin as { isTTY?: boolean }).isTTY) err.write(`harness doctor: ${t('doctor.input.paste')}\n`);
    if (args.access === STDIN && args.errorLog === STDIN) throw new DoctorInputError(t('doctor.input.bothStdin'));
    // The error log's own problems (missing, a folder, a pipe) are said before the access log is read.
    const kind = await kindOfFile(args.errorLog);
    if (kind === 'server') serverAlone(args, printable(name));
    const beside = args.conf?.length || kind === 'server' ? undefined : confBeside(args.errorLog);
    // On stderr, with the --conf notes: the report's first line stays its summary.
    if (beside) err.write(`harness doctor: ${t('doctor.input.confBeside', { conf: printable(beside) })}\n`);
    const confFiles = args.conf?.length ? args.conf : beside ? [beside] : undefined;
    const conf = confFiles ? confOf(confFiles, err) : undefined;
    const access = args.access !== undefined ? await indexAccessLog(readLog(args.access, 'access log'), conf) : undefined;
    const color = hasColours(out);
    if (args.follow) return await followCommand(args, name, out, err, { access, conf, color, signal });
    const log = await analyseAnyLog(readLog(args.errorLog, 'error log'), access, { keepText: !args.json, conf });
    const server = log instanceof ServerAnalyser;
    if (server) serverAlone(args, printable(name));
    const wrong = notAnErrorLog(printable(name), log.counts);
    if (wrong) throw new DoctorInputError(wrong);
    const diagnosis = log.diagnosis();
    if (args.json) await write(out, [...jsonPieces(diagnosis), '\n']);
    else out.write(renderText(diagnosis, log, { color, name, server }));
    return diagnosis.incidents.some(isProblem) ? 1 : 0;
  } catch (e) {
    if (e instanceof DoctorInputError) {
      err.write(`harness doctor: ${printable(e.message)}\n`);
      return 2;
    }
    throw e;
  }
}

/**
 * --follow: the log as it stands, then each incident as it completes. With --json every incident
 * is one JSON object on a line of its own (JSON Lines), from the first to the last.
 */
async function followCommand(
  args: DoctorArgs,
  name: string,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
  o: { access?: AccessIndex; conf?: ConfFacts; color: boolean; signal?: AbortSignal },
): Promise<number> {
  let problems = false;
  await follow(
    args.errorLog,
    {
      start(d, log, open) {
        problems = d.incidents.some(isProblem);
        if (args.json) for (const i of d.incidents) out.write(incidentJson(i) + '\n');
        else {
          const which = open ? (open === 1 ? t('doctor.follow.one') : t('doctor.follow.many', { n: open })) : t('doctor.follow.new');
          out.write(renderText(d, log, { color: o.color, name, open }) + `\n${t('doctor.follow.start', { path: printable(args.errorLog), which })}\n`);
        }
      },
      incident(i, text) {
        if (isProblem(i)) problems = true;
        out.write(args.json ? incidentJson(i) + '\n' : '\n' + renderIncident(i, text, { color: o.color }));
      },
      restart(how) {
        const note = t(how === 'truncated' ? 'doctor.follow.truncated' : 'doctor.follow.replaced', { path: printable(args.errorLog) });
        if (args.json) err.write(`harness doctor: ${note}\n`);
        else out.write(`\n--- ${note}\n`);
      },
    },
    { signal: o.signal, access: o.access, conf: o.conf },
  );
  return problems ? 1 : 0;
}
