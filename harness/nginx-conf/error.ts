import type { ErrnoName } from '../os-profile.js';

/**
 * A configuration error, reported as nginx reports it: `[emerg] <message>[ (errno)] in <file>:<line>`
 * (a few, like `no "events" section in configuration`, name no place). The errno is kept by
 * name so the OS profile can word it.
 */
export class ConfError extends Error {
  errnoName?: ErrnoName;
  /** The file a failed open() named: the OS profile words the call and the path (CreateFile() "C:\\…"). */
  openedFile?: string;
  /**
   * Found after the conf has been read (ngx_init_cycle() after ngx_conf_parse(): a core module's
   * init_conf), when `nginx -t` has printed "syntax is ok" already.
   */
  afterParse = false;
  constructor(
    readonly text: string,
    readonly file?: string,
    readonly line?: number,
  ) {
    super(file === undefined ? text : `${text} in ${file}:${line}`);
  }
}

/**
 * Something real nginx accepts and the embedded engine does not emulate: refused at start-up as
 * nginx refuses what it does not know, naming it and the way to run it (`what`: `"gzip on"`).
 */
export function unsupported(what: string, at: { file: string; line: number }, plural = false): ConfError {
  return new ConfError(`${what} ${plural ? 'are' : 'is'} not supported by the embedded engine; run real nginx on this conf (harness up --proxy nginx)`, at.file, at.line);
}
