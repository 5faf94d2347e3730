// Answers that are the same on every run of one build: `harness --help` and `harness chaos list`.
// The first run's answer is kept in dist/.answers/ and later runs print it from there, without
// yargs or the scenario modules (about 100 and 180 ms of a 2-core machine). A build empties the
// folder (bin/build.js), so an answer is never older than the code that gave it.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ANSWERS, readsChinese } from './build.js';

/** Where the answers are kept; HARNESS_ANSWERS names another folder (the spec's own). */
const answersDir = () => process.env.HARNESS_ANSWERS || ANSWERS;

/**
 * The answer's name, or undefined for a command line that may answer otherwise: its language (as
 * harness/i18n/locale.ts chooses it), and for the help its width (harness/cli.ts' wrap()).
 */
function answerName(args) {
  const lang = readsChinese() ? 'zh-CN' : 'en';
  if (args.length === 1 && args[0] === '--help') return `help.${lang}.${Math.min(110, process.stdout.columns ?? 100)}`;
  if (args.length === 2 && args[0] === 'chaos' && args[1] === 'list') return `chaos-list.${lang}`;
  return undefined;
}

/**
 * Prints the kept answer to `args` and returns true; or returns false, and then keeps what the
 * command prints to stdout if it ends with exit code 0 having printed nothing to stderr.
 */
export function answerFromCache(args) {
  const name = answerName(args);
  if (!name) return false;
  const file = join(answersDir(), `${name}.txt`);
  let answer;
  try {
    answer = readFileSync(file);
  } catch {
    keepAnswer(file);
    return false;
  }
  process.stdout.write(answer);
  return true;
}

function keepAnswer(file) {
  const chunks = [];
  let spoke = false;
  const tee = (stream, onWrite) => {
    const write = stream.write;
    stream.write = function (chunk, ...rest) {
      onWrite(chunk);
      return write.call(this, chunk, ...rest);
    };
  };
  tee(process.stdout, (chunk) => chunks.push(Buffer.from(chunk)));
  tee(process.stderr, () => (spoke = true));
  process.on('exit', (code) => {
    if (code !== 0 || spoke) return;
    // Written whole, then renamed: a run at the same moment reads the old answer or the whole new one.
    const part = `${file}.${process.pid}`;
    try {
      mkdirSync(answersDir(), { recursive: true });
      writeFileSync(part, Buffer.concat(chunks));
      renameSync(part, file);
    } catch {
      // A package folder that is read-only: the answer is given each time, as before.
      rmSync(part, { force: true });
    }
  });
}
