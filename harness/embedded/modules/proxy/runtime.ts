// The proxy module's content handler (handler.ts) and its variables.
import type { ModuleRuntime } from '../../module.js';
import { requestPass } from '../../upstream/request-pass.js';
import { requestHeader } from '../../variable-values.js';
import { proxyHandler } from './handler.js';

export const PROXY_RUNTIME: ModuleRuntime = {
  contentHandlers: { proxy: proxyHandler },
  variables: {
    proxy_host: (req) => requestPass(req)?.proxyHost ?? '',
    proxy_port: (req) => {
      const pp = requestPass(req);
      // A UNIX-domain socket's is empty.
      const port = pp?.upstream.implicit ? pp.upstream.servers[0].port : 80;
      return port ? String(port) : '';
    },
    // ngx_http_proxy_add_x_forwarded_for_variable(): the client's X-Forwarded-For lines, joined, and its address.
    proxy_add_x_forwarded_for: (req) => {
      const xff = requestHeader(req, 'x-forwarded-for');
      return xff ? `${xff}, ${req.conn.remoteAddress}` : req.conn.remoteAddress;
    },
  },
};
