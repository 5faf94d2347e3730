// A mistyped command or option, and the name the user most likely meant: the nearest known name by
// edit distance (a swap of two letters counts one). Equally near names go to the one that starts
// most like what was typed: yargs' own recommendCommands takes the longer, and answered `upp` with `app`.
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    'cli.unknownCommand': 'there is no command {given}. Did you mean {meant}? ({command} --help lists the commands.)',
    'cli.unknownOption': '{command} has no option {given}. Did you mean {meant}? ({command} --help lists its options.)',
  },
  'zh-CN': {
    'cli.unknownCommand': '没有 {given} 这个命令。你是想用 {meant} 吗？（{command} --help 会列出全部命令。）',
    'cli.unknownOption': '{command} 没有 {given} 这个选项。你是想用 {meant} 吗？（{command} --help 会列出它的全部选项。）',
  },
});

/** Edits (insert, delete, replace, swap two neighbours) from `a` to `b`. */
export function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

const sharedStart = (a: string, b: string) => [...a].findIndex((c, i) => c !== b[i]) >>> 0;

/** The known name nearest `word`, if one is near enough to be a typo of it (a third of its letters, at least one). */
export function closest(word: string, names: readonly string[]): string | undefined {
  let best: { name: string; d: number; start: number } | undefined;
  for (const name of names) {
    const d = distance(word, name);
    if (d > Math.max(1, Math.floor(name.length / 3))) continue;
    const start = Math.min(sharedStart(word, name), word.length);
    if (!best || d < best.d || (d === best.d && start > best.start)) best = { name, d, start };
  }
  return best?.name;
}

/**
 * What to tell a user whose command line yargs refused as unknown: the first option or command
 * that is neither, with the one they most likely meant. Undefined when no known name is near it
 * (yargs' own message then stands).
 */
export function didYouMean(args: readonly string[], known: { typed: readonly string[]; commands: readonly string[]; options: readonly string[] }): string | undefined {
  const command = ['harness', ...known.typed].join(' ');
  const word = args[known.typed.length];
  if (word !== undefined && !word.startsWith('-') && known.commands.length && !known.commands.includes(word)) {
    const meant = closest(word, known.commands);
    return meant && t('cli.unknownCommand', { given: word, meant: `${command} ${meant}`, command });
  }
  const options = new Set(known.options);
  for (const arg of args) {
    if (arg === '--') break;
    if (!arg.startsWith('--')) continue;
    const name = arg.slice(2).split('=')[0];
    // --no-doctor is yargs' negation of --doctor.
    const [, no = '', bare] = /^(no-)?(.*)$/.exec(name)!;
    if (options.has(name) || options.has(bare)) continue;
    const meant = closest(bare, [...options].filter((o) => o.length > 1));
    return meant && t('cli.unknownOption', { given: `--${name}`, meant: `--${no}${meant}`, command });
  }
  return undefined;
}
