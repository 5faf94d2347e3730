// CommonController: the upload stores the file in the stand-in's folder under a
// UUID name and answers a URL the browser can load (GET /admin/common/download, no token); the real
// server's 500s for bad input; nothing is ever written outside the folder.
import { test, expect } from '@playwright/test';
import fs, { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { Writable } from 'node:stream';
import { join } from 'node:path';
import type { AdminStandIn } from './server.js';
import { apiClient, call, springError, startAdmin, type Api } from '../../tests/support/admin.js';

let admin: AdminStandIn;
let api: Api;
let root: string;
let dir: string;
test.beforeEach(async ({}, testInfo) => {
  root = testInfo.outputPath('prefix');
  dir = join(root, 'uploads');
  mkdirSync(root, { recursive: true });
  admin = await startAdmin({ mode: 'ipv4', uploadDir: dir });
  api = await apiClient(admin);
});
test.afterEach(async () => admin.stop());

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082', 'hex');

/** A multipart body as a browser writes it, with the part's name and filename as given. */
function multipart(parts: { name: string; filename?: string; content: Buffer | string }[]): { body: Buffer; type: string } {
  const boundary = '----harnessBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename === undefined ? '' : 'Content-Type: image/png\r\n'}\r\n`), Buffer.from(p.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

const upload = (parts: Parameters<typeof multipart>[0], token: string | null = api.token) => {
  const { body, type } = multipart(parts);
  return call(`${api.base}/admin/common/upload`, { method: 'POST', body, headers: { 'content-type': type }, token: token ?? undefined });
};

const stored = () => (existsSync(dir) ? readdirSync(dir) : []);

test('an image is stored as <uuid>.png and served back, without a token, at the URL the answer gives', async () => {
  const r = await upload([{ name: 'file', filename: '红烧肉.png', content: PNG }]);
  const { code, msg, data } = JSON.parse(r.text);
  expect({ code, msg }).toEqual({ code: 1, msg: null });
  expect(data).toMatch(/^\/api\/common\/download\?name=[0-9a-f-]{36}\.png$/);
  const name = data.split('=')[1];
  expect(stored()).toEqual([name]);
  expect(readFileSync(join(dir, name))).toEqual(PNG);
  const image = await fetch(`${api.base}/admin/common/download?name=${name}`);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
});

test('every upload is served unsniffed and, opened on its own, sandboxed with nothing loaded: an SVG\'s script cannot run in the front end\'s origin', async () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
  for (const [filename, content, type] of [['a.png', PNG, 'image/png'], ['a.svg', svg, 'image/svg+xml'], ['a.html', '<script>alert(1)</script>', 'application/octet-stream']] as const) {
    const name = JSON.parse((await upload([{ name: 'file', filename, content }])).text).data.split('=')[1];
    const r = await fetch(`${api.base}/admin/common/download?name=${name}`);
    expect(r.headers.get('content-type'), filename).toBe(type);
    expect(r.headers.get('x-content-type-options'), filename).toBe('nosniff');
    expect(r.headers.get('content-security-policy'), filename).toBe("sandbox; default-src 'none'; style-src 'unsafe-inline'");
  }
});

test('the upload needs the token, as the real interceptor wants', async () => {
  expect((await upload([{ name: 'file', filename: 'a.png', content: PNG }], null)).status).toBe(401);
  expect(stored()).toEqual([]);
});

test('bad input gets the real server\'s answer: no file part, not multipart, no dot in the name, an empty name, over 1 MB: 500', async () => {
  const cases = [
    upload([{ name: 'image', filename: 'a.png', content: PNG }]),
    upload([{ name: 'file', content: 'just a field' }]),
    call(`${api.base}/admin/common/upload`, { method: 'POST', json: { file: 'a.png' }, token: api.token }),
    upload([{ name: 'file', filename: 'noextension', content: PNG }]),
    upload([{ name: 'file', filename: '', content: PNG }]),
    upload([{ name: 'file', filename: 'big.png', content: Buffer.alloc(1024 * 1024 + 1, 1) }]),
  ];
  for (const r of await Promise.all(cases)) expect(springError(r.text).status).toBe(500);
  expect(stored()).toEqual([]);
});

test('an empty file is accepted (code 1), as OSS would take it', async () => {
  const r = await upload([{ name: 'file', filename: 'empty.jpg', content: '' }]);
  expect(JSON.parse(r.text).code).toBe(1);
  expect(stored()).toHaveLength(1);
  expect(stored()[0]).toMatch(/\.jpg$/);
});

test('path parts in the name never reach the file system: the file lands in the folder, under a made name', async () => {
  for (const filename of ['../../escape.png', '..\\..\\escape.png', 'x.png/../../escape', '/etc/passwd.png']) {
    const r = await upload([{ name: 'file', filename, content: PNG }]);
    expect(JSON.parse(r.text).code, filename).toBe(1);
  }
  expect(stored()).toHaveLength(4);
  for (const name of stored()) expect(name).toMatch(/^[0-9a-f-]{36}[A-Za-z0-9._-]*$/);
  expect(readdirSync(root)).toEqual(['uploads']);
});

test('download: only names the upload made; anything else is a 404, a traversal included', async () => {
  for (const name of ['../../etc/passwd', 'x.png', '', '00000000-0000-0000-0000-000000000000.png']) {
    const r = await call(`${api.base}/admin/common/download?name=${encodeURIComponent(name)}`);
    expect(r.status, name).toBe(404);
  }
});

test('a disk that fills during an upload: the real server\'s 文件上传失败 at once, the part written removed, the next upload stored', async () => {
  // The file's writes fail with ENOSPC once its first piece is on disk (a full disk, simulated at the write).
  const real = fs.createWriteStream;
  fs.createWriteStream = ((path: string, o: Parameters<typeof real>[1]) => {
    const file = real(path, o);
    let pieces = 0;
    return new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (pieces++ === 0) return void file.write(chunk, done);
        done(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' }));
      },
      destroy(error, done) {
        file.destroy();
        file.once('close', () => done(error));
      },
    });
  }) as typeof real;
  syncBuiltinESMExports();
  try {
    const r = await upload([{ name: 'file', filename: 'a.png', content: Buffer.alloc(512 * 1024, 7) }]);
    expect(r.status).toBe(200);
    expect(r.text).toBe('{"code":0,"msg":"文件上传失败","data":null}');
  } finally {
    fs.createWriteStream = real;
    syncBuiltinESMExports();
  }
  expect(stored()).toEqual([]);
  const next = await upload([{ name: 'file', filename: 'b.png', content: PNG }]);
  expect(JSON.parse(next.text).code).toBe(1);
  expect(stored()).toHaveLength(1);
});

test('the uploads folder replaced by a symlink after the start: the upload fails (文件上传失败), nothing is written through the link', async ({}, testInfo) => {
  expect(JSON.parse((await upload([{ name: 'file', filename: 'a.png', content: PNG }])).text).code).toBe(1);
  const elsewhere = testInfo.outputPath('elsewhere');
  mkdirSync(elsewhere);
  rmSync(dir, { recursive: true });
  symlinkSync(elsewhere, dir);
  const r = await upload([{ name: 'file', filename: 'b.png', content: PNG }]);
  expect(r.text).toBe('{"code":0,"msg":"文件上传失败","data":null}');
  expect(readdirSync(elsewhere)).toEqual([]);
});
