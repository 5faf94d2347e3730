// `harness doctor <error.log> [--access <access.log>] [--json] [--follow]`: everything the
// command does, so the CLI stays one line. Exit code 0 = nothing to act on, 1 = problems found,
// 2 = bad input (a missing or unreadable file, a folder).
import { basename } from 'node:path';
import { analyse } from './diagnose.js';
import { indexAccess } from './access.js';
import { splitLines } from './read.js';
import { isProblem } from './incidents.js';
import { incidentJson, renderJson, renderText } from './report.js';
import { follow } from './follow.js';
import { DoctorInputError, readLogFile } from './input.js';

export interface DoctorArgs {
  errorLog: string;
  access?: string;
  json?: boolean;
  follow?: boolean;
}

function isTty(s: NodeJS.WritableStream): boolean {
  return (s as NodeJS.WriteStream).isTTY === true && !process.env.NO_COLOR;
}

export async function doctorCommand(args: DoctorArgs, out: NodeJS.WritableStream, err: NodeJS.WritableStream, signal?: AbortSignal): Promise<number> {
  try {
    const bytes = await readLogFile(args.errorLog, 'error log');
    const access = args.access !== undefined ? indexAccess(await readLogFile(args.access, 'access log')) : undefined;
    const raw = splitLines(bytes);
    const { diagnosis } = analyse(raw, { access });
    const color = isTty(out);
    if (args.json) out.write(renderJson(diagnosis) + '\n');
    else out.write(renderText(diagnosis, raw.map((r) => r.text), { color, name: basename(args.errorLog) }));
    let problems = diagnosis.incidents.some(isProblem);
    if (args.follow) {
      if (!args.json) out.write(`\nfollowing ${args.errorLog}: new incidents are explained as they complete (Ctrl-C stops)\n`);
      await follow(
        args.errorLog,
        (i, text) => {
          if (isProblem(i)) problems = true;
          out.write(args.json ? JSON.stringify(incidentJson(i)) + '\n' : '\n' + text);
        },
        { signal, fromByte: bytes.length, color },
      );
    }
    return problems ? 1 : 0;
  } catch (e) {
    if (e instanceof DoctorInputError) {
      err.write(`harness doctor: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}
