// ngx_http_static_module as a module of the engine: its content handler, the last one of the phase.
// What it shares with gzip_static (the file's head, its conditions and ranges) is the core's,
// files/send-file.ts.
import type { HttpModule } from '../../module.js';

export const STATIC_MODULE: HttpModule = { name: 'static', runtime: async () => (await import('./runtime.js')).STATIC_RUNTIME };
