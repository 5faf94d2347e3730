// The upstream and proxy modules' variables: $upstream_* (each attempt's, upstream/state.ts) and
// $proxy_host, $proxy_port (the location's proxy_pass), registered as those modules register them.
import type { HttpModule } from '../module.js';
import { upstreamVariable } from './state.js';
import { requestPass } from './request-pass.js';

export const UPSTREAM_MODULE: HttpModule = {
  name: 'upstream',
  variablePrefixes: { upstream_: (req, name) => upstreamVariable(req.upstreamStates, name) },
};

export const PROXY_MODULE: HttpModule = {
  name: 'proxy',
  variables: {
    proxy_host: (req) => requestPass(req)?.proxyHost ?? '',
    proxy_port: (req) => {
      const pp = requestPass(req);
      // A UNIX-domain socket's is empty.
      const port = pp?.upstream.implicit ? pp.upstream.servers[0].port : 80;
      return port ? String(port) : '';
    },
  },
};
