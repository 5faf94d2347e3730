import type { ErrnoName } from '../../os-profile.js';

/**
 * A configuration error, reported as nginx reports it: `[emerg] <message>[ (errno)] in <file>:<line>`
 * (a few, like `no "events" section in configuration`, name no place). The errno is kept by
 * name so the OS profile can word it.
 */
export class ConfError extends Error {
  errnoName?: ErrnoName;
  constructor(
    readonly text: string,
    readonly file?: string,
    readonly line?: number,
  ) {
    super(file === undefined ? text : `${text} in ${file}:${line}`);
  }
}
