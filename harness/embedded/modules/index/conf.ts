// ngx_http_index_module's directive (its ngx_http_index_loc_conf_t): index, the files a URI that
// ends in "/" is tried with, in order; each line adds to its block's list.
import { ConfError } from '../../../nginx-conf/error.js';
import { ANY, HSL, type ConfModule } from '../../../nginx-conf/directive.js';
import { locationUses } from '../../../nginx-conf/variables.js';

export interface IndexConf {
  /** The names, as written (`$variables` left in). */
  index: string[];
}

export const INDEX: ConfModule<IndexConf> = {
  defaults: { index: ['index.html'] },
  variables: (l) => ({ used: [], files: locationUses(l, 'index', l.index), defined: [], declared: [] }),
  directives: {
    index: {
      ctx: HSL,
      args: [1, ANY],
      set: (l, d, c) => {
        // ngx_http_index_set_index() names the first argument whichever is empty.
        if (d.args.includes('')) throw new ConfError(`index "${d.args[0]}" in "index" directive is invalid`, d.file, d.line);
        l.index = c.firstHere ? [...d.args] : [...l.index, ...d.args];
      },
    },
  },
};
