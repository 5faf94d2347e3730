// nginx variables as a conf names them: which ones nginx 1.22.1 has (a conf naming another does
// not start), and whether the engine can evaluate one, given the variables its core and its modules
// give (embedded/modules.ts: ENGINE_CONF.evaluated). `mapped`: the variables the conf's `map`
// blocks define.

/** `$name` or `${name}`; `$1abc` is the capture $1 and `abc`, as nginx's script compiler reads it. */
export const VAR = /\$(?:\{([A-Za-z0-9_]+)\}|([1-9]|[A-Za-z0-9_]+))/g;

/**
 * The variables of texts a location's directive evaluates per request, as the checks at start name
 * them: `"index" in the location "/"`, at the location (a level's conf is its location's).
 */
export function locationUses(level: object, what: string, texts: readonly string[]): { name: string; what: string; at: { file: string; line: number } }[] {
  const at = level as { path: string; file: string; line: number };
  return texts.flatMap((text) => variableNames(text).map((name) => ({ name, what: `"${what}" in the location "${at.path}"`, at })));
}

/**
 * The variable names in a value. `$1`..`$9` are a regex's captures where nginx's script engine
 * reads the value (not in log_format, whose own compiler takes them for names).
 */
export function variableNames(text: string, captures = true): string[] {
  return [...text.matchAll(VAR)].map((m) => m[1] ?? m[2]).filter((n) => !(captures && /^[1-9]$/.test(n)));
}

/**
 * nginx 1.22.1's variables as Debian builds it (core, upstream, proxy, fastcgi, realip, ssl, gzip,
 * referer, secure_link, stub_status, userid, browser, limit_conn, limit_req, ssi, http2, slice),
 * each checked with `nginx -t` on a log_format that names it.
 */
const NGINX_VARIABLES = new Set(
  (
    'http_host http_user_agent http_referer http_via http_x_forwarded_for http_cookie content_length content_type host ' +
    'binary_remote_addr remote_addr remote_port proxy_protocol_addr proxy_protocol_port proxy_protocol_server_addr ' +
    'proxy_protocol_server_port server_addr server_port server_protocol scheme https request_uri uri document_uri request ' +
    'document_root realpath_root query_string args is_args request_filename server_name request_method remote_user ' +
    'bytes_sent body_bytes_sent pipe request_completion request_body request_body_file request_length request_time ' +
    'request_id status sent_http_content_type sent_http_content_length sent_http_location sent_http_last_modified ' +
    'sent_http_connection sent_http_keep_alive sent_http_transfer_encoding sent_http_cache_control sent_http_link ' +
    'limit_rate connection connection_requests connection_time nginx_version hostname pid msec time_iso8601 time_local ' +
    'tcpinfo_rtt tcpinfo_rttvar tcpinfo_snd_cwnd tcpinfo_rcv_space upstream_addr upstream_status upstream_response_time ' +
    'upstream_header_time upstream_connect_time upstream_response_length upstream_bytes_received upstream_bytes_sent ' +
    'upstream_cache_status proxy_host proxy_port proxy_add_x_forwarded_for proxy_internal_body_length ' +
    'proxy_internal_chunked fastcgi_script_name fastcgi_path_info realip_remote_addr realip_remote_port ssl_protocol ' +
    'ssl_cipher ssl_ciphers ssl_curve ssl_curves ssl_session_id ssl_session_reused ssl_early_data ssl_server_name ' +
    'ssl_alpn_protocol ssl_client_cert ssl_client_raw_cert ssl_client_escaped_cert ssl_client_s_dn ssl_client_i_dn ' +
    'ssl_client_s_dn_legacy ssl_client_i_dn_legacy ssl_client_serial ssl_client_fingerprint ssl_client_verify ' +
    'ssl_client_v_start ssl_client_v_end ssl_client_v_remain gzip_ratio invalid_referer secure_link secure_link_expires ' +
    'connections_active connections_reading connections_writing connections_waiting uid_got uid_set uid_reset msie ' +
    'modern_browser ancient_browser limit_conn_status limit_req_status date_local date_gmt http2 slice_range'
  ).split(' '),
);

/** Families of variables named by what follows the prefix ($http_x_token, $cookie_sid, ...). */
export const NGINX_PREFIXES = /^(http|sent_http|sent_trailer|cookie|arg|upstream_http|upstream_trailer|upstream_cookie)_/;

/** A variable nginx knows: one of its own (names are case-insensitive), or one a map defines. */
export function nginxVariable(name: string, mapped: readonly string[]): boolean {
  const n = name.toLowerCase();
  return NGINX_VARIABLES.has(n) || NGINX_PREFIXES.test(n) || mapped.some((m) => m.toLowerCase() === n);
}

/** The variables an engine gives a value: by name, and by the start of their names (`http_`). */
export interface EvaluatedVariables {
  names: ReadonlySet<string>;
  prefixes: readonly string[];
}

/** True for a variable the engine can evaluate (captures never get here: see variableNames). */
export function knownVariable(given: string, mapped: readonly string[], evaluated: EvaluatedVariables): boolean {
  const name = given.toLowerCase();
  return evaluated.names.has(name) || evaluated.prefixes.some((p) => name.startsWith(p)) || mapped.some((m) => m.toLowerCase() === name);
}
