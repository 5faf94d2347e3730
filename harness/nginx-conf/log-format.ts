// log_format (ngx_http_log_set_format() and ngx_http_log_compile_format()): a format compiled
// into its literal text and its variables, and the predefined `combined`. The one description of a
// format: the log phase writes lines by it, the doctor reads them back by it (fieldsOf).
import { ConfError } from './error.js';
import type { Directive } from './parse.js';

/** A piece of a format: literal text, or a variable. */
export type LogOp = { text: string } | { variable: string };

export interface LogFormat {
  name: string;
  /** escape=: default (`\xHH`, `-` for a variable without a value), json, none. */
  escape: 'default' | 'json' | 'none';
  ops: LogOp[];
}

/** ngx_http_log_compile_format(): `$name` / `${name}` and the text between, over the arguments joined. */
export function compileLogFormat(name: string, args: string[], d?: Directive): LogFormat {
  let escape: LogFormat['escape'] = 'default';
  let i = 0;
  if (args[0]?.startsWith('escape=')) {
    const e = args[0].slice(7);
    if (e !== 'json' && e !== 'none' && e !== 'default') throw new ConfError(`unknown log format escaping "${e}"`, d?.file, d?.line);
    escape = e;
    i = 1;
  }
  const ops: LogOp[] = [];
  const invalid = (at: string) => new ConfError(`invalid parameter "${at}"`, d?.file, d?.line);
  for (const s of args.slice(i)) {
    // `${name}`, `$name`, or text up to the next `$`.
    const re = /\$\{([A-Za-z0-9_]*)(\})?|\$([A-Za-z0-9_]*)|[^$]+/y;
    for (let m; re.lastIndex < s.length && (m = re.exec(s)); ) {
      if (!m[0].startsWith('$')) {
        const last = ops[ops.length - 1];
        if (last && 'text' in last) last.text += m[0];
        else ops.push({ text: m[0] });
        continue;
      }
      const name = m[1] ?? m[3];
      if (m[1] !== undefined && !m[2]) {
        if (!name && re.lastIndex === s.length) throw invalid(s.slice(re.lastIndex - m[0].length));
        throw new ConfError(`the closing bracket in "${name}" variable is missing`, d?.file, d?.line);
      }
      if (!name) throw invalid(s.slice(re.lastIndex - m[0].length));
      ops.push({ variable: name });
    }
  }
  return { name, escape, ops };
}

/** The predefined format (ngx_http_combined_fmt). */
export const COMBINED = compileLogFormat('combined', ['$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent"']);

/** ngx_http_log_set_format(): `log_format name [escape=...] string ...`; `known`: the formats so far. */
export function logFormat(d: Directive, known: readonly LogFormat[]): LogFormat {
  if (known.some((f) => f.name === d.args[0])) throw new ConfError(`duplicate "log_format" name "${d.args[0]}"`, d.file, d.line);
  return compileLogFormat(d.args[0], d.args.slice(1), d);
}

/**
 * A reader of the lines a format wrote: each variable's value by name, the text between matched as
 * it is (a value is the shortest that lets the rest of the line match); undefined for a line the
 * format did not write.
 */
export function fieldsOf(f: LogFormat): (line: string) => Record<string, string> | undefined {
  const literal = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const names = f.ops.flatMap((op) => ('variable' in op ? [op.variable] : []));
  const re = new RegExp(`^${f.ops.map((op) => ('text' in op ? literal(op.text) : '(.*?)')).join('')}\\r?$`);
  return (line) => {
    const m = re.exec(line);
    return m ? Object.fromEntries(names.map((n, i) => [n, m[i + 1]])) : undefined;
  };
}
