// ngx_http_empty_gif_module's one directive: `empty_gif` (no arguments, in a location) installs the
// module's content handler, as ngx_http_empty_gif() sets clcf->handler.
import type { ConfModule } from '../../../nginx-conf/directive.js';
import type { LocationConf } from '../../../nginx-conf/model.js';

export const EMPTY_GIF: ConfModule<object> = {
  defaults: {},
  directives: {
    empty_gif: {
      ctx: ['location'],
      args: [0, 0],
      set: (l) => ((l as Pick<LocationConf, 'handler'>).handler = 'empty_gif'),
    },
  },
};
