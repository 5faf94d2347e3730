// `harness check-server HOST:PORT`: the check, asked for --yes first (it writes rows), printed as
// words or as JSON. Exit 0 when every answer is the course's, 1 when one differs.
import { checkServer, requestCount, shownTarget } from './check.js';
import { readGolden } from './golden.js';
import { sayReport } from './say.js';
import { UsageError } from '../errors.js';
import { t } from './texts.js';

export interface CheckServerOptions {
  target: { host: string; port: number };
  yes: boolean;
  json: boolean;
}

export async function checkServerCommand(o: CheckServerOptions, out: NodeJS.WritableStream): Promise<number> {
  const golden = readGolden();
  if (!o.yes) throw new UsageError(t('checkServer.needsYes', { target: shownTarget(o.target), count: requestCount(golden) }));
  const report = await checkServer(o.target, golden);
  out.write(o.json ? `${JSON.stringify(report, null, 2)}\n` : `${sayReport(report).join('\n')}\n`);
  return report.differing ? 1 : 0;
}
