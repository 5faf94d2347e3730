// The conditions the doctor knows, and an incident: what the error log's lines (or the access
// log's alone) are evidence of, with its cause and fix.

export const CONDITION_IDS = [
  'upstream-refused',
  'upstream-unreachable',
  'upstream-connect-timeout',
  'no-live-upstreams',
  'upstream-timeout',
  'upstream-closed',
  'upstream-reset',
  'upstream-invalid-header',
  'upstream-header-too-big',
  'upstream-bad-chunked',
  'upstream-ssl',
  'unix-socket-failed',
  'upstream-check-failed',
  'fastcgi-stderr',
  'client-reset',
  'client-closed',
  'client-bad-request',
  'body-buffered',
  'response-buffered',
  'rate-limited',
  'access-denied-rule',
  'directory-index-forbidden',
  'rewrite-cycle',
  'temp-dir-missing',
  'worker-crashed',
  'respawn-failed',
  'worker-connections',
  'too-many-open-files',
  'bind-failed',
  'port-forbidden',
  'body-too-large',
  'static-not-found',
  'proxy-loop',
  'proxy-pass-uri',
  'admin-unauthorized',
  'gateway-error-unlogged',
  'host-not-found',
  'path-encoding',
  'signal-failed',
  'access-denied',
  'conf-not-found',
  'conf-unknown-directive',
  'conf-embedded-unsupported',
  'conf-not-allowed-here',
  'conf-bad-args',
  'hash-too-small',
  'ssl-cert',
  'info',
  'unknown',
] as const;

/**
 * What a Spring Boot server's log shows (server/findings.ts): the admin server's own failures, which
 * reach nginx only as a refused connect or a 500. Apart from CONDITION_IDS, which are nginx's.
 */
export const SERVER_CONDITION_IDS = [
  'server-port-in-use',
  'datasource-url-missing',
  'setting-unresolved',
  'mysql-access-denied',
  'mysql-unknown-database',
  'mysql-unreachable',
  'redis-refused',
  'jwt-error',
  'request-exception',
  'server-failed-to-start',
  'server-error',
] as const;

export type ServerConditionId = (typeof SERVER_CONDITION_IDS)[number];

export type ConditionId = (typeof CONDITION_IDS)[number] | ServerConditionId;

export interface Incident {
  condition: ConditionId;
  /** 1-based line numbers of the error log, ascending (none for what the access log alone shows). */
  lines: number[];
  /** What the access log alone shows: its 1-based line numbers (the first ones, when many). */
  accessLines?: number[];
  cause: string;
  fix: string;
  detail?: Record<string, unknown>;
}
