// Real nginx binds a wildcard listen as written, on every interface; the embedded engine binds its
// loopback (harness/loopback.ts). So the prefix's copy of the conf gets that loopback written in
// place of each wildcard address, on the same line, so that an [emerg] still names the user's line.
import { readFileSync, writeFileSync } from 'node:fs';
import { loopbackListen, wildcardListens, wouldExpose, type ConfListen } from '../engine/listens.js';
import { UserError } from '../errors.js';
import { ConfError } from '../nginx-conf/error.js';

export function listenOnLoopback(confFile: string): void {
  let wild: ConfListen[];
  try {
    wild = wildcardListens(confFile);
  } catch (e) {
    // A conf that does not parse is nginx's to report.
    if (e instanceof ConfError) return;
    throw e;
  }
  // An included file is read where it is: it is not the prefix's to change.
  const included = wild.find((l) => l.directive.file !== confFile);
  if (included) {
    throw new UserError(
      `${wouldExpose(included)}.\n  Real nginx reads that file where it is (an include), so the harness cannot make it bind loopback only: write ${loopbackListen(included)} there, or pass --bind-any to bind it as written.`,
    );
  }
  if (!wild.length) return;
  let text = readFileSync(confFile, 'latin1');
  // From the end, so that each span is still where the parser found it.
  for (const l of wild.sort((a, b) => b.directive.spans![0][0] - a.directive.spans![0][0])) {
    const [start, end] = l.directive.spans![0];
    text = text.slice(0, start) + loopbackListen(l) + text.slice(end);
  }
  writeFileSync(confFile, text, 'latin1');
}
