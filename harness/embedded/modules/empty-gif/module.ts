// ngx_http_empty_gif_module as a module of the engine: its directive, and its content handler
// (ngx_http_empty_gif_handler(), runtime.ts), sent as ngx_http_send_response() sends a text (the
// body discarded, Content-Length), with a Last-Modified the not-modified filter compares
// If-Modified-Since with.
import type { HttpModule } from '../../module.js';
import { EMPTY_GIF } from './conf.js';

export const EMPTY_GIF_MODULE: HttpModule = { name: 'empty_gif', conf: EMPTY_GIF, runtime: async () => (await import('./runtime.js')).EMPTY_GIF_RUNTIME };
