// How a command's handler ends: its exit code, or a failure the user can act on as one line.
import { UserError } from '../errors.js';

export const print = (s: string) => process.stdout.write(s + '\n');

/** Runs a command; a failure the user can act on is its message and exit code, no stack trace. */
export async function guard(run: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await run();
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    process.stderr.write(`harness: ${e.message}\n`);
    process.exitCode = e.exitCode;
  }
}
