// ngx_http_try_files_module's directive (its ngx_http_try_files_loc_conf_t): try_files, the files
// tried in order and the fallback. A level's is its own: the module has no merge, so no level
// inherits it.
import { ConfError, unsupported } from '../../../nginx-conf/error.js';
import type { Directive } from '../../../nginx-conf/parse.js';
import { ANY, type ConfModule } from '../../../nginx-conf/directive.js';
import { locationUses } from '../../../nginx-conf/variables.js';

/** One argument of try_files (ngx_http_try_file_t). */
export interface TryFile {
  /** As written, `$variables` left in; a `/` that asks for a directory taken off. */
  name: string;
  /** `$uri/`: only a directory will do. */
  testDir: boolean;
  /** The last argument's `=code`. */
  code?: number;
}

export interface TryFilesConf {
  tryFiles?: TryFile[];
}

/** ngx_http_try_files(): a `/` ends a directory's name (not the last's); the last may be `=code`. */
function tryFiles(d: Directive): TryFile[] {
  const files = d.args.map((name, i): TryFile => {
    const testDir = name.endsWith('/') && i < d.args.length - 1;
    return { name: testDir ? name.slice(0, -1) : name, testDir };
  });
  const last = files[files.length - 1];
  if (last.name.startsWith('=')) {
    const digits = last.name.slice(1);
    if (!/^\d+$/.test(digits) || Number(digits) > 999) throw new ConfError(`invalid code "${last.name}"`, d.file, d.line);
    last.code = Number(digits);
    if (last.code < 300 || last.code > 599) throw unsupported(`"try_files" ending with "${last.name}" (a status without nginx's page for it)`, d);
  }
  return files;
}

export const TRY_FILES: ConfModule<TryFilesConf> = {
  defaults: {},
  own: ['tryFiles'],
  variables: (l) => ({ used: [], files: locationUses(l, 'try_files', (l.tryFiles ?? []).map((t) => t.name)), defined: [], declared: [] }),
  directives: {
    try_files: { ctx: ['server', 'location'], args: [2, ANY], once: true, set: (l, d) => (l.tryFiles = tryFiles(d)) },
  },
};
