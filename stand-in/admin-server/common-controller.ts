// sky-server's CommonController (@RequestMapping("/admin/common")): the image upload. The real one
// sends the bytes to Aliyun OSS and answers the object's public URL; the stand-in keeps them in the
// stack's folder and answers a URL the browser loads through the proxy's `/api/`:
// `/api/common/download?name=<uuid>.png`, served by GET /admin/common/download (the old reggie
// course's CommonController.download), which needs no token, since an <img> sends none. The real
// URL is OSS's own origin; the stand-in's is the front end's, so an upload is served as data that
// cannot act in it (UPLOAD_HEADERS).
import type { Busboy } from 'busboy';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { bindString, parseQuery } from './binding.js';
import type { AdminContext } from './context.js';
import { DOWNLOAD_PATH, SpringError, sendBody, sendJson, type Exchange, type Route } from './dispatcher.js';
import { failure, success } from './json.js';
import type { Uploads } from './uploads.js';

/** spring.servlet.multipart's defaults: 1 MB a file, 10 MB a request; past them a 500. */
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
const UPLOAD_FAILED = '文件上传失败';

/** On every upload served: its type as stored, never sniffed; opened on its own (an SVG's script, an
 *  HTML file's), it is a sandbox of no origin that runs no script and loads nothing, so it cannot
 *  read the admin app's token. An <img> shows it as before (a document's policy does not touch an
 *  image's drawing). */
const UPLOAD_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'" };

export function commonRoutes({ uploads }: AdminContext): Route[] {
  return [
    { method: 'POST', path: '/admin/common/upload', handle: (x) => upload(x, uploads) },
    { method: 'GET', path: DOWNLOAD_PATH, handle: (x) => download(x, uploads) },
  ];
}

/** The first file part named `file`: its original name and its bytes, streamed. */
interface FilePart {
  filename: string;
  stream: Readable;
}

/**
 * upload(MultipartFile file): the extension from the original name's last `.`, a UUID name. No file
 * part (or not multipart at all), an empty file name or one without a dot, a file over 1 MB: the
 * real server's 500. An error writing the file: Result.error(文件上传失败).
 */
async function upload(x: Exchange, uploads: Uploads): Promise<void> {
  const type = x.req.headers['content-type'] ?? '';
  if (!/^multipart\//i.test(type) || Number(x.req.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES) throw new SpringError(500);
  const { default: busboy } = await import('busboy'); // loaded on the first upload: ~6 ms of start-up
  let parser: Busboy;
  try {
    // preservePath: Tomcat hands the file name over as sent, path parts and all.
    parser = busboy({ headers: x.req.headers, preservePath: true, limits: { fileSize: MAX_FILE_BYTES, files: 16, fields: 64 } });
  } catch {
    throw new SpringError(500); // no boundary: not a multipart request Tomcat can read
  }
  const stored = await new Promise<{ name?: string; error?: 'io' | 'invalid' }>((resolve) => {
    let taken = false;
    let pending: Promise<{ name?: string; error?: 'io' | 'invalid' }> | undefined;
    parser.on('file', (field, stream, info) => {
      if (field !== 'file' || taken) return void stream.resume();
      taken = true;
      pending = store(uploads, { filename: info.filename ?? '', stream });
    });
    parser.on('error', () => resolve({ error: 'invalid' }));
    parser.on('close', () => resolve(pending ?? { error: 'invalid' }));
    x.req.pipe(parser);
  });
  if (stored.error === 'io') return sendJson(x, failure(UPLOAD_FAILED));
  if (!stored.name) throw new SpringError(500);
  sendJson(x, success(JSON.stringify(`/api/common/download?name=${stored.name}`)));
}

async function store(uploads: Uploads, part: FilePart): Promise<{ name?: string; error?: 'io' | 'invalid' }> {
  const dot = part.filename.lastIndexOf('.');
  if (dot < 0) {
    part.stream.resume(); // substring(-1): StringIndexOutOfBoundsException
    return { error: 'invalid' };
  }
  // Past the limit busboy drops the rest of the file and says so; the request is still read to its end.
  let tooBig = false;
  part.stream.once('limit', () => (tooBig = true));
  try {
    const name = await uploads.save(part.filename.slice(dot), part.stream);
    if (!tooBig) return { name };
    uploads.remove(name);
    return { error: 'invalid' }; // MaxUploadSizeExceededException
  } catch {
    part.stream.resume(); // what is left of the file is dropped: the request is read to its end, and answered
    return { error: 'io' };
  }
}

/** The stand-in's own `GET /admin/common/download?name=`: a stored upload, or a 404. */
async function download(x: Exchange, uploads: Uploads): Promise<void> {
  const found = uploads.find(bindString(parseQuery(x.query), 'name') ?? '');
  if (!found) throw new SpringError(404);
  sendBody(x, { 'Content-Type': found.type, ...UPLOAD_HEADERS }, await readFile(found.path));
}
