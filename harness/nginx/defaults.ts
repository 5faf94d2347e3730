// Real nginx on a prefix with the prefix-relative defaults of the Windows build (and of the
// embedded engine), not the ones compiled into the system's nginx: Debian's writes its access log
// to /var/log/nginx/access.log, its pid to /run/nginx.pid (the system nginx's own) and request
// bodies to /var/lib/nginx/body whatever the prefix. Only what a conf leaves unset is given, so a
// user's own settings win, and nothing moves a line: an [emerg] still names the user's line.
import { readFileSync } from 'node:fs';
import { replaceFile } from '../private-file.js';
import { parseConfFile, type Directive } from '../nginx-conf/parse.js';
import { ConfError } from '../nginx-conf/error.js';

/** The http-level defaults, as the Windows build compiles them in. */
const HTTP_DEFAULTS: [name: string, value: string][] = [
  ['access_log', 'logs/access.log'],
  ['client_body_temp_path', 'temp/client_body_temp'],
  ['proxy_temp_path', 'temp/proxy_temp'],
  ['fastcgi_temp_path', 'temp/fastcgi_temp'],
  ['uwsgi_temp_path', 'temp/uwsgi_temp'],
  ['scgi_temp_path', 'temp/scgi_temp'],
];

/**
 * Gives the conf file the defaults it leaves unset: the http ones are written into the file, on
 * the line of `http {` (after the brace, so that no line number changes); `pid` is returned as a
 * `-g` directive, since a second `pid` in the file would be a duplicate. A conf that does not
 * parse is left alone: nginx reports it itself.
 */
export function applyPrefixDefaults(confFile: string): { globals: string } {
  let tree: Directive[];
  try {
    tree = parseConfFile(confFile);
  } catch (e) {
    if (e instanceof ConfError) return { globals: '' };
    throw e;
  }
  const globals = tree.some((d) => d.name === 'pid') ? '' : 'pid logs/nginx.pid;';
  const http = tree.find((d) => d.name === 'http' && d.block);
  // An http block in an included file is left alone: its copy is not the prefix's to change.
  if (!http?.block || http.file !== confFile || http.open === undefined) return { globals };
  const set = new Set(http.block.map((d) => d.name));
  const missing = HTTP_DEFAULTS.filter(([name]) => !set.has(name));
  if (missing.length) {
    const text = readFileSync(confFile);
    const at = http.open + 1;
    const insert = Buffer.from(missing.map(([name, value]) => ` ${name} ${value};`).join(''), 'latin1');
    replaceFile(confFile, Buffer.concat([text.subarray(0, at), insert, text.subarray(at)]), 0o644);
  }
  return { globals };
}
