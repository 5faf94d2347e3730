// ngx_http_not_modified_filter_module's one directive: if_modified_since (ngx_http_core_module keeps
// it, ngx_conf_set_enum_slot()). How If-Modified-Since is compared with the answer's Last-Modified:
// `off` never answers 304 for it, `exact` (the default) only for the very same second, `before`
// for that second or any later one.
import { parseEnum } from '../../../nginx-conf/values.js';
import { HSL, type ConfModule } from '../../../nginx-conf/directive.js';

export type IfModifiedSince = 'off' | 'exact' | 'before';
const VALUES: readonly IfModifiedSince[] = ['off', 'exact', 'before'];

export interface NotModifiedConf {
  ifModifiedSince: IfModifiedSince;
}

export const NOT_MODIFIED: ConfModule<NotModifiedConf> = {
  defaults: { ifModifiedSince: 'exact' },
  directives: {
    if_modified_since: {
      ctx: HSL,
      args: [1, 1],
      once: true,
      set: (l, d) => (l.ifModifiedSince = parseEnum(d, VALUES)),
    },
  },
};
