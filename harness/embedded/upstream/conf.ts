// ngx_http_upstream_conf_t: the settings an exchange runs with, which the module that starts it
// gives (u->conf; the proxy module's conf, embedded/modules/proxy/conf.ts, holds them): timeouts,
// the next peer's rules, the answer's buffers, what of the answer is acted on.
export interface UpstreamSettings {
  proxyConnectTimeoutMs: number;
  proxyReadTimeoutMs: number;
  proxySendTimeoutMs: number;
  /** proxy_next_upstream: the failures that try the next peer (`off`: none). */
  proxyNextUpstream: Set<string>;
  /** proxy_next_upstream_tries: at most this many peers tried (0: no limit). */
  proxyNextUpstreamTries: number;
  /** proxy_next_upstream_timeout: no next peer once this long has passed since the first try (0: no limit). */
  proxyNextUpstreamTimeoutMs: number;
  /** proxy_ignore_headers, lowercased: only X-Accel-Redirect changes what the engine does (it has no cache). */
  proxyIgnoreHeaders: string[];
  proxyInterceptErrors: boolean;
  proxyBuffering: boolean;
  /** The buffer the upstream's head must fit in; the body's first bytes follow the head in it. */
  proxyBufferSize: number;
  proxyBuffers: { num: number; size: number };
}
