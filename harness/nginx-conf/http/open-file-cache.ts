// ngx_http_core_module's open_file_cache directives: how long nginx keeps a file's descriptor, its
// size and its mtime between requests. Checked as nginx checks them, without effect on the engine:
// its static handler stats the file for each request (see embedded/files/file-cache.ts), so a
// changed or removed file is served as it is now; nginx with a cache may answer from what it saw
// up to open_file_cache_valid ago (60 s by default). fastcgi_intercept_errors is here because the
// confs that set it set these too, and it is as empty: the engine runs no FastCGI server.
import { ConfError } from '../error.js';
import type { Directive } from '../parse.js';
import { HSL, type ConfModule } from '../directive.js';
import { parseFlag, parseNumber, seconds } from '../values.js';

/** ngx_http_core_open_file_cache(): `off`, or `max=N [inactive=time]` (max required). */
function openFileCache(d: Directive): void {
  let max = 0;
  let off = false;
  for (const a of d.args) {
    const ok = a.startsWith('max=')
      ? /^\d+$/.test(a.slice(4)) && (max = Number(a.slice(4))) > 0
      : a.startsWith('inactive=')
        ? seconds(a.slice(9)) !== undefined
        : a === 'off' && (off = true);
    if (!ok) throw new ConfError(`invalid "open_file_cache" parameter "${a}"`, d.file, d.line);
  }
  if (!off && max === 0) throw new ConfError('"open_file_cache" must have the "max" parameter', d.file, d.line);
}

/** ngx_conf_set_sec_slot(). */
function secondsOf(d: Directive): void {
  if (seconds(d.args[0]) === undefined) throw new ConfError(`"${d.name}" directive invalid value`, d.file, d.line);
}

export const OPEN_FILE_CACHE: ConfModule<object> = {
  defaults: {},
  directives: {
    open_file_cache: { ctx: HSL, args: [1, 2], once: true, set: (_l, d) => openFileCache(d) },
    open_file_cache_valid: { ctx: HSL, args: [1, 1], once: true, set: (_l, d) => secondsOf(d) },
    open_file_cache_min_uses: { ctx: HSL, args: [1, 1], once: true, set: (_l, d) => void parseNumber(d, d.args[0]) },
    open_file_cache_errors: { ctx: HSL, args: [1, 1], once: true, set: (_l, d) => void parseFlag(d) },
    open_file_cache_events: { ctx: HSL, args: [1, 1], once: true, set: (_l, d) => void parseFlag(d) },
    fastcgi_intercept_errors: { ctx: HSL, args: [1, 1], once: true, set: (_l, d) => void parseFlag(d) },
  },
};
