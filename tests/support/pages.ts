// nginx 1.22.1's built-in pages as captured from it:
// the expectations of the conformance suite, written out here rather than taken from the engine.
const TAIL = '<hr><center>nginx/1.22.1</center>\r\n</body>\r\n</html>\r\n';

function page(title: string): string {
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n${TAIL}`;
}

export const PAGES = {
  301: page('301 Moved Permanently'),
  302: page('302 Found'),
  400: page('400 Bad Request'),
  403: page('403 Forbidden'),
  404: page('404 Not Found'),
  405: page('405 Not Allowed'),
  413: page('413 Request Entity Too Large'),
  414: page('414 Request-URI Too Large'),
  500: page('500 Internal Server Error'),
  429: page('429 Too Many Requests'),
  502: page('502 Bad Gateway'),
  503: page('503 Service Temporarily Unavailable'),
  504: page('504 Gateway Time-out'),
  /** 494, sent as a 400. */
  headerTooLarge:
    '<html>\r\n<head><title>400 Request Header Or Cookie Too Large</title></head>\r\n<body>\r\n' +
    '<center><h1>400 Bad Request</h1></center>\r\n<center>Request Header Or Cookie Too Large</center>\r\n' +
    TAIL,
} as const;

/** The head of one of nginx's pages of `length` bytes, Date aside: Server, Content-Type, Content-Length, Connection. */
export function pageHeaders(length: number, connection: 'keep-alive' | 'close' = 'keep-alive'): [string, string][] {
  return [
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/html'],
    ['Content-Length', String(length)],
    ['Connection', connection],
  ];
}

/** The header names of a response, in order. */
export function names(headers: [string, string][]): string[] {
  return headers.map(([n]) => n);
}

/** The headers without Date (its value changes), in order. */
export function withoutDate(headers: [string, string][]): [string, string][] {
  return headers.filter(([n]) => n !== 'Date');
}
