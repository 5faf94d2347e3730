// ngx_http_proxy_module's cache, whose directives join the module's (conf.ts): `proxy_cache off`
// (nginx's default) is accepted; a cache zone and its path are refused, since the engine keeps no
// copy of upstream answers.
import { unsupported } from '../../../nginx-conf/error.js';
import { ANY, HSL, type ConfModule } from '../../../nginx-conf/directive.js';

const WHY = 'caching of upstream answers is not emulated';

export const PROXY_CACHE: ConfModule<object> = {
  defaults: {},
  directives: {
    proxy_cache: {
      ctx: HSL,
      args: [1, 1],
      once: true,
      set: (_l, d) => {
        if (d.args[0] !== 'off') throw unsupported(`"proxy_cache ${d.args[0]}" (${WHY})`, d);
      },
    },
    proxy_cache_path: {
      ctx: ['http'],
      args: [2, ANY],
      set: (_l, d) => {
        throw unsupported(`"proxy_cache_path" (${WHY})`, d);
      },
    },
  },
};
