// Real nginx binds a wildcard listen as written, on every interface; the embedded engine binds its
// loopback (harness/loopback.ts). So the prefix's copy of the conf gets that loopback written in
// place of each wildcard address, on the same line, so that an [emerg] still names the user's line.
import { readFileSync } from 'node:fs';
import { replaceFile } from '../private-file.js';
import { dirname, sep } from 'node:path';
import { loopbackListen, wildcardListens, wouldExpose, type ConfListen } from '../engine/listens.js';
import { UserError } from '../errors.js';
import { ConfError } from '../nginx-conf/error.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    'stack.listen.included': '{exposes}.\n  Real nginx reads that file where it is (an include), so the harness cannot make it bind loopback only: write {loopback} there, or pass --bind-any to bind it as written.',
  },
  'zh-CN': {
    'stack.listen.included': '{exposes}。\n  真实的 nginx 会在原位置读取那个文件（它是 include 进来的），所以 harness 没法让它只绑定回环地址：请在那里写 {loopback}，或者加上 --bind-any 原样绑定。',
  },
});

export function listenOnLoopback(confFile: string): void {
  let wild: ConfListen[];
  try {
    wild = wildcardListens(confFile);
  } catch (e) {
    // A conf that does not parse is nginx's to report.
    if (e instanceof ConfError) return;
    throw e;
  }
  // The conf's folder in the prefix holds copies (the conf, and what it includes by a relative
  // path: harness/stack/user-conf.ts); a file included from elsewhere is read where it is, and is
  // not the prefix's to change.
  const ours = (file: string) => dirname(file) === dirname(confFile) || file.startsWith(dirname(confFile) + sep);
  const included = wild.find((l) => !ours(l.directive.file));
  if (included) {
    throw new UserError(t('stack.listen.included', { exposes: wouldExpose(included), loopback: loopbackListen(included) }));
  }
  for (const file of new Set(wild.map((l) => l.directive.file))) {
    let text = readFileSync(file, 'latin1');
    // From the end, so that each span is still where the parser found it.
    for (const l of wild.filter((w) => w.directive.file === file).sort((a, b) => b.directive.spans![0][0] - a.directive.spans![0][0])) {
      const [start, end] = l.directive.spans![0];
      text = text.slice(0, start) + loopbackListen(l) + text.slice(end);
    }
    replaceFile(file, Buffer.from(text, 'latin1'), 0o644);
  }
}
