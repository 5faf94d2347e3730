// ngx_http_autoindex_module's settings: a listing of a directory asked with a trailing slash when
// no index file answers (the handler is handler.ts).
import { ConfError } from '../../../nginx-conf/error.js';
import { parseFlag } from '../../../nginx-conf/values.js';
import { HSL, type ConfModule } from '../../../nginx-conf/directive.js';

export type AutoindexFormat = 'html' | 'xml' | 'json' | 'jsonp';

export interface AutoindexConf {
  autoindex: boolean;
  autoindexFormat: AutoindexFormat;
  /** The html listing's times in the server's time zone rather than UTC (xml's and json's stay UTC). */
  autoindexLocaltime: boolean;
  /** Sizes in bytes rather than rounded to K, M and G (html only). */
  autoindexExactSize: boolean;
}

const FORMATS: readonly AutoindexFormat[] = ['html', 'xml', 'json', 'jsonp'];

export const AUTOINDEX: ConfModule<AutoindexConf> = {
  defaults: { autoindex: false, autoindexFormat: 'html', autoindexLocaltime: false, autoindexExactSize: true },
  directives: {
    autoindex: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.autoindex = parseFlag(d)) },
    autoindex_format: {
      ctx: HSL,
      args: [1, 1],
      once: true,
      // ngx_conf_set_enum_slot(): the value in any case
      set: (l, d) => {
        const v = d.args[0].toLowerCase() as AutoindexFormat;
        if (!FORMATS.includes(v)) throw new ConfError(`invalid value "${d.args[0]}"`, d.file, d.line);
        l.autoindexFormat = v;
      },
    },
    autoindex_localtime: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.autoindexLocaltime = parseFlag(d)) },
    autoindex_exact_size: { ctx: HSL, args: [1, 1], once: true, set: (l, d) => (l.autoindexExactSize = parseFlag(d)) },
  },
};
