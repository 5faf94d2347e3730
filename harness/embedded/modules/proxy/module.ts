// ngx_http_proxy_module as a module of the engine: its directives (proxy_pass installs the
// location's content handler, handler.ts, which starts the upstream's exchange with the module's
// settings) and its variables: $proxy_host, $proxy_port, $proxy_add_x_forwarded_for.
import type { HttpModule } from '../../module.js';
import { PROXY } from './conf.js';

export const PROXY_MODULE: HttpModule = {
  name: 'proxy',
  conf: PROXY,
  variables: ['proxy_host', 'proxy_port', 'proxy_add_x_forwarded_for'],
  runtime: async () => (await import('./runtime.js')).PROXY_RUNTIME,
};
