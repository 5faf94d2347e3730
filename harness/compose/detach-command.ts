// `harness up --detach`: what the command prints of the stack it started in the background.
import { resolve } from 'node:path';
import { upDetached } from './detach.js';
import { prefixFlag } from '../flags.js';

/** Everything but --detach of `harness up`'s command line, as the detached stack gets it. */
function withoutDetach(args: string[]): string[] {
  return args.filter((a) => !/^(?:--detach(?:=true)?|-d)$/.test(a));
}

export async function upDetachedCommand(prefix: string, upArgs: string[], out: (s: string) => void): Promise<number> {
  const r = await upDetached(withoutDetach(upArgs), resolve(prefix));
  const p = prefixFlag(prefix);
  if ('state' in r) {
    const s = r.state;
    out(`the stack runs in the background (pid ${s.pid}):`);
    out(`  open     ${s.url} and log in as admin / 123456`);
    out(`  control  ${s.control.url}/?token=${s.control.token}`);
    out(`  logs     npx harness logs -f${p}`);
    out(`  stop     npx harness down${p}`);
    return 0;
  }
  out(r.output);
  out(`harness up did not start in the background (exit code ${r.code}); its whole output is in ${r.log}.`);
  return r.code || 1;
}
