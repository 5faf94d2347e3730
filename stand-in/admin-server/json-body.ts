// `@RequestBody` as Spring MVC 5.3 reads it for the app's controllers: MappingJackson2HttpMessageConverter
// (which Content-Types it takes, the charset, a missing body) in front of the DTO binding of
// binding.ts.
import { bindJsonDto, readBody, type Dto, type Schema } from './binding.js';
import type { Exchange } from './dispatcher.js';
import { SpringError } from './errors.js';

/** Bodies past this are refused with 413 (the real server has no limit; this keeps memory bounded). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** HttpMediaTypeNotSupportedException: 415, with `Accept` naming what the converter reads. */
const unsupported = () => new SpringError(415, { Accept: 'application/json, application/*+json' });

/** A `@RequestBody` DTO, as Spring reads it: the Content-Type must be JSON-compatible (415), the body
 *  must be there (400) and bind (400). */
export async function readJsonDto(x: Exchange, schema: Schema): Promise<Dto> {
  const contentType = x.req.headers['content-type'];
  const charset = contentType === undefined ? 'utf-8' : jsonCharset(contentType);
  if (charset === undefined) throw unsupported();
  // No Content-Type: Spring takes a body as application/octet-stream, which no converter reads.
  if (contentType === undefined && Number(x.req.headers['content-length'] ?? 0) > 0) throw unsupported();
  const body = await readBody(x.req, MAX_BODY_BYTES);
  if (body === 'too-large') throw new SpringError(413);
  if (contentType === undefined && body.length > 0) throw unsupported();
  const dto = body.length > 0 ? bindJsonDto(decode(body, charset), schema) : undefined;
  if (!dto) throw new SpringError(400); // no body, or not JSON Jackson can bind
  return dto;
}

/** The charset to read a body of this Content-Type with, if MappingJackson2HttpMessageConverter takes
 *  it (application/json, application/*+json, or a wildcard that covers them); undefined for a 415. */
function jsonCharset(contentType: string): string | undefined {
  const [mediaType, ...parameters] = contentType.split(';');
  const m = /^\s*([^/\s]+)\/([^/\s]+)\s*$/.exec(mediaType.toLowerCase());
  if (!m) return undefined; // not a media type at all
  const [, type, subtype] = m;
  if (type === '*' && subtype !== '*') return undefined; // Spring: "wildcard type is legal only in '*/*'"
  const json = type === '*' || (type === 'application' && (subtype === '*' || subtype === 'json' || subtype.endsWith('+json')));
  if (!json) return undefined;
  const label = parameters.map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(p)?.[1]).find(Boolean);
  if (label === undefined || /^utf-?8$/i.test(label)) return 'utf-8';
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined; // an unknown charset makes the media type invalid: 415
  }
}

/** UTF-8 (Jackson's own decoder) is strict; other charsets go through a Reader that replaces bad bytes. */
function decode(body: Buffer, charset: string): string {
  if (charset !== 'utf-8') return new TextDecoder(charset).decode(body);
  try {
    return utf8.decode(body);
  } catch {
    throw new SpringError(400);
  }
}
