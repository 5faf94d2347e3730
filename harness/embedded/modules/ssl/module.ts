// ngx_http_ssl_module as a module of the engine: its directives (and the proxy module's
// proxy_ssl_*), the certificates read at start, and its variables. The worker takes an ssl
// address's connections through handshake.ts; the upstream exchange speaks TLS to an https://
// proxy_pass through upstream.ts.
import type { HttpModule } from '../../module.js';
import type { AddedModule } from '../../../nginx-conf/directive.js';
import { SSL } from './conf.js';
import { checkSsl } from './contexts.js';

export const SSL_MODULE: HttpModule = {
  name: 'ssl',
  conf: { ...SSL, checkConf: checkSsl } as AddedModule,
  variables: ['ssl_protocol', 'ssl_cipher', 'ssl_server_name'],
  runtime: async () => (await import('./runtime.js')).SSL_RUNTIME,
};
