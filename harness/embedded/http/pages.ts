// nginx's status lines and built-in error pages, byte for byte (src/http/ngx_http_special_response.c,
// ngx_http_header_filter_module.c). `version` is the emulated nginx's, e.g. `1.22.1`; with
// `server_tokens off` it is omitted.

export const REASONS: Record<number, string> = {
  100: 'Continue',
  101: 'Switching Protocols',
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  206: 'Partial Content',
  301: 'Moved Permanently',
  302: 'Moved Temporarily',
  303: 'See Other',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Time-out',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Request Entity Too Large',
  414: 'Request-URI Too Large',
  415: 'Unsupported Media Type',
  416: 'Requested Range Not Satisfiable',
  421: 'Misdirected Request',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Temporarily Unavailable',
  504: 'Gateway Time-out',
  505: 'HTTP Version Not Supported',
  507: 'Insufficient Storage',
};

/** Where a page's title is not its status line's reason (ngx_http_error_302_page, ..._401_page). */
const PAGE_REASONS: Record<number, string> = { 302: 'Found', 401: 'Authorization Required' };

/** nginx's internal codes that answer with another status: 494 (header too large) is a 400. */
export const NGX_HTTP_REQUEST_HEADER_TOO_LARGE = 494;
/** 497: plain HTTP to an ssl port, a 400 too (its own error_page code: `error_page 497 https://...`). */
export const NGX_HTTP_TO_HTTPS = 497;
/** The pages of those codes: their own title and line under a 400's heading. */
const BAD_REQUEST_PAGES: Record<number, string> = {
  [NGX_HTTP_REQUEST_HEADER_TOO_LARGE]: 'Request Header Or Cookie Too Large',
  [NGX_HTTP_TO_HTTPS]: 'The plain HTTP request was sent to HTTPS port',
};

export function serverHeader(version: string, tokens: boolean): string {
  return tokens ? `nginx/${version}` : 'nginx';
}

export function statusOnWire(code: number): number {
  return BAD_REQUEST_PAGES[code] ? 400 : code;
}

/** The built-in page nginx sends for `code`, or undefined where it sends none (e.g. 204, 304). */
export function errorPage(code: number, version: string, tokens = true): Buffer | undefined {
  const tail = `<hr><center>${serverHeader(version, tokens)}</center>\r\n</body>\r\n</html>\r\n`;
  const line = BAD_REQUEST_PAGES[code];
  if (line) return Buffer.from(`<html>\r\n<head><title>400 ${line}</title></head>\r\n<body>\r\n<center><h1>400 Bad Request</h1></center>\r\n<center>${line}</center>\r\n${tail}`, 'latin1');
  if (code < 300 || code === 304 || !REASONS[code]) return undefined;
  const title = `${code} ${PAGE_REASONS[code] ?? REASONS[code]}`;
  return Buffer.from(`<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n${tail}`, 'latin1');
}

/** Statuses after which nginx closes the client connection (lingering close on bad requests). */
export function closesConnection(code: number): boolean {
  return code === 400 || code === 408 || code === 413 || code === 414 || !!BAD_REQUEST_PAGES[code] || code === 500 || code === 501;
}
