// `-T`: ngx_conf_dump: every conf file read, once, in the order nginx read it, each as
// `# configuration file PATH:` and its bytes, on stdout.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { expandInclude, parseConfFile, type IncludeReader } from '../../nginx-conf/parse.js';

/** The conf file and the files it includes, in the order read. Called once the conf has loaded, so every read succeeds. */
function confFiles(file: string): string[] {
  const files = [file];
  const record: IncludeReader = (pattern, confPrefix, from) =>
    expandInclude(pattern, confPrefix, from.file, from.line).flatMap((inc) => {
      files.push(inc);
      return parseConfFile(inc, confPrefix, from, record);
    });
  parseConfFile(file, dirname(file), undefined, record);
  return files;
}

/** `lineEnd`: NGX_LINEFEED, after each header and each file. */
export function confDump(file: string, display: (path: string) => string, lineEnd: string): Buffer {
  const parts = [...new Set(confFiles(file))].flatMap((f) => [Buffer.from(`# configuration file ${display(f)}:${lineEnd}`, 'latin1'), readFileSync(f), Buffer.from(lineEnd)]);
  return Buffer.concat(parts);
}
