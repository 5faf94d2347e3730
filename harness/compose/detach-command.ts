// `harness up --detach`: what the command prints of the stack it started in the background.
import { upDetached } from './detach.js';
import { prefixFlag, writableFolder } from '../flags.js';
import { t } from '../i18n/index.js';
import { labelled } from '../stack/printer.js';

/** Everything but --detach of `harness up`'s command line, as the detached stack gets it. */
function withoutDetach(args: string[]): string[] {
  return args.filter((a) => !/^(?:--detach(?:=true)?|-d)$/.test(a));
}

export async function upDetachedCommand(prefix: string, upArgs: string[], out: (s: string) => void): Promise<number> {
  // The foreground `up`'s checks of the prefix, before anything is written in it.
  const r = await upDetached(withoutDetach(upArgs), writableFolder('--prefix', prefix));
  const p = prefixFlag(prefix);
  if ('state' in r) {
    const s = r.state;
    out(t('compose.detach.runs', { pid: s.pid }));
    const rows = labelled([
      [t('compose.detach.open'), t('compose.detach.openText', { url: s.url })],
      [t('compose.detach.control'), `${s.control.url}/?token=${s.control.token}`],
      [t('compose.detach.logs'), `npx harness logs -f${p}`],
      [t('compose.detach.stop'), `npx harness down${p}`],
    ]);
    for (const r of rows) out(`  ${r}`);
    return 0;
  }
  out(r.output);
  out(t('compose.detach.failed', { code: r.code, log: r.log }));
  return r.code || 1;
}
