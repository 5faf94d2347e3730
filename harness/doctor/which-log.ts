// Which log a user gave the doctor: nginx's error log, or a Spring Boot server's (`harness doctor
// logs/admin.log`, what --admin-command printed). The first line of either's own shapes decides; a
// log that shows none in its first lines is read as nginx's (and told as no error log if it is none).
import { parseErrorLine } from '../logs/error-log.js';
import { Analyser, type AnalyserOptions } from './diagnose.js';
import type { AccessIndex } from './access.js';
import { linesOf, splitLines, unwrapped, type RawLine } from './read.js';
import { isServerLogLine, ServerAnalyser } from './server/server-analyser.js';

export type LogKind = 'nginx' | 'server';
export type AnyAnalyser = Analyser | ServerAnalyser;

/** Lines looked at before a log with no line of either kind is taken for nginx's. */
const SNIFF_LINES = 2000;

function kindOfLine(text: string): LogKind | undefined {
  if (parseErrorLine(text)) return 'nginx';
  if (isServerLogLine(text)) return 'server';
  const inner = unwrapped(text);
  return inner !== undefined && parseErrorLine(inner) ? 'nginx' : undefined;
}

/** Lines in, analysed by the analyser of their kind once the kind is known. */
export class LogReader {
  private held: RawLine[] = [];
  private analyser?: AnyAnalyser;

  constructor(
    private readonly access?: AccessIndex,
    private readonly opts: AnalyserOptions = {},
  ) {}

  add(r: RawLine): void {
    if (this.analyser) return void this.analyser.add(r);
    this.held.push(r);
    const kind = kindOfLine(r.text) ?? (this.held.length >= SNIFF_LINES ? 'nginx' : undefined);
    if (kind) this.start(kind);
  }

  private start(kind: LogKind): AnyAnalyser {
    const a = kind === 'server' ? new ServerAnalyser() : new Analyser(this.access, this.opts);
    this.analyser = a;
    for (const r of this.held) a.add(r);
    this.held = [];
    return a;
  }

  /** The analyser, with every line given (a log too short to tell is nginx's). */
  done(): AnyAnalyser {
    return this.analyser ?? this.start('nginx');
  }
}

/** A log read piece by piece, analysed as the kind it is. */
export async function analyseAnyLog(chunks: AsyncIterable<Uint8Array>, access?: AccessIndex, opts: AnalyserOptions = {}): Promise<AnyAnalyser> {
  const reader = new LogReader(access, opts);
  for await (const lines of linesOf(chunks)) for (const r of lines) reader.add(r);
  return reader.done();
}

/** A log in memory, analysed as the kind it is. */
export function analyseAny(bytes: Uint8Array, access?: AccessIndex, opts: AnalyserOptions = {}): AnyAnalyser {
  const reader = new LogReader(access, opts);
  for (const r of splitLines(bytes)) reader.add(r);
  return reader.done();
}

/** The kind of a log from its first bytes (a file's first piece): undefined when they do not tell. */
export function kindOf(bytes: Uint8Array): LogKind | undefined {
  for (const r of splitLines(bytes).slice(0, SNIFF_LINES)) {
    const k = kindOfLine(r.text);
    if (k) return k;
  }
  return undefined;
}
