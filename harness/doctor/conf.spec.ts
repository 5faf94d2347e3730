// `harness doctor --conf`: the user's nginx.conf read with the engine's parser, and each fix
// pointed at the line to change (the client_max_body_size in force for the request's location, the
// proxy_pass of an unreachable upstream, the listen that collides, the worker_connections in force,
// where a proxy_buffer_size is missing), through includes on disk or given with more --conf; a conf
// the engine would refuse is read all the same, a conf that does not parse is said and left out.
import { test, expect } from '@playwright/test';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { diagnose, examineLogs, readConfFacts } from './index.js';
import { sink, tempDir } from '../../tests/support/doctor.js';

const MAIN = `user www-data;
worker_processes auto;

events {
    worker_connections 768;
}

http {
    include mime.types;
    client_max_body_size 2m;
    include conf.d/*.conf;
}
`;
const SHOP = `server {
    listen 80;
    server_name shop.example.com;

    location / {
        root /srv/shop;
    }

    location /api/ {
        client_max_body_size 5m;
        proxy_pass http://10.0.0.7:8080/;
    }

    location /upload {
        more_set_headers "X-Upload: 1";
        proxy_pass http://127.0.0.1:9000;
    }
}
`;
const ADMIN = `server {
    listen 8080;
    server_name admin.example.com;
    location / {
        proxy_pass http://127.0.0.1:3000;
    }
}
`;

const log = (...lines: string[]) => Buffer.from(lines.join('\n') + '\n');
const big = (server: string, uri: string) =>
  `2025/05/01 10:00:00 [error] 7#7: *1 client intended to send too large body: 8388608 bytes, client: 192.0.2.1, server: ${server}, request: "POST ${uri} HTTP/1.1", host: "${server}"`;

function confDir(): string {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'conf.d'));
  writeFileSync(path.join(dir, 'nginx.conf'), MAIN);
  writeFileSync(path.join(dir, 'mime.types'), 'types { text/html html; }\n');
  writeFileSync(path.join(dir, 'conf.d', 'admin.conf'), ADMIN);
  writeFileSync(path.join(dir, 'conf.d', 'shop.conf'), SHOP);
  return dir;
}

test('the client_max_body_size in force for the request: the location\'s, else the server\'s or http\'s', () => {
  const dir = confDir();
  try {
    const { conf, notes } = readConfFacts([path.join(dir, 'nginx.conf')]);
    expect(notes).toEqual([]);
    const shop = path.join(dir, 'conf.d', 'shop.conf');
    const [api, upload, admin] = diagnose(log(big('shop.example.com', '/api/orders/import'), big('shop.example.com', '/upload/x'), big('admin.example.com', '/files')), { conf }).incidents;
    expect(api.fix).toContain(`In your conf, change ${shop}:10 ("client_max_body_size 5m;") to "client_max_body_size 16m;"`);
    expect(upload.fix).toContain(`In your conf, change ${path.join(dir, 'nginx.conf')}:10 ("client_max_body_size 2m;") to "client_max_body_size 16m;"`);
    expect(admin.fix).toContain(`${path.join(dir, 'nginx.conf')}:10`);
    // Without --conf the fix names the directive in general, as before.
    expect(diagnose(log(big('shop.example.com', '/api/orders/import'))).incidents[0].fix).toContain('Add "client_max_body_size 16m;" to the http { } block of nginx.conf');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the proxy_pass of an unreachable upstream, the listen that collides, the worker_connections in force, a missing proxy_buffer_size', () => {
  const dir = confDir();
  try {
    const { conf } = readConfFacts([path.join(dir, 'nginx.conf')]);
    const shop = path.join(dir, 'conf.d', 'shop.conf');
    const main = path.join(dir, 'nginx.conf');
    const ctx = 'client: 192.0.2.1, server: shop.example.com, request: "GET /api/x HTTP/1.1", upstream: "http://10.0.0.7:8080/x", host: "shop.example.com"';
    const [unreachable, bind, wc, header] = diagnose(
      log(
        `2025/05/01 10:00:00 [error] 7#7: *1 connect() failed (113: No route to host) while connecting to upstream, ${ctx}`,
        '2025/05/01 11:00:00 [emerg] 9#9: bind() to 0.0.0.0:8080 failed (98: Address already in use)',
        `2025/05/01 12:00:00 [alert] 7#7: *5 768 worker_connections are not enough while connecting to upstream, ${ctx}`,
        `2025/05/01 13:00:00 [error] 7#7: *9 upstream sent too big header while reading response header from upstream, ${ctx}`,
      ),
      { conf },
    ).incidents;
    expect(unreachable.fix).toContain(`In your conf: ${shop}:11 ("proxy_pass http://10.0.0.7:8080/;")`);
    expect(bind.fix).toContain(`In your conf: ${path.join(dir, 'conf.d', 'admin.conf')}:2 ("listen 8080;")`);
    expect(wc.fix).toContain(`In your conf: raise ${main}:5 ("worker_connections 768;")`);
    expect(header.fix).toContain(`no proxy_buffer_size is set for this request (4k or 8k); add "proxy_buffer_size 16k;" to ${shop}:9 ("location /api/ {")`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a conf copied from a server: its absolute include is taken from the files given with more --conf', () => {
  const dir = tempDir();
  try {
    writeFileSync(path.join(dir, 'nginx.conf'), MAIN.replace('include conf.d/*.conf;', 'include /etc/nginx-not-here/conf.d/*.conf;').replace('include mime.types;', ''));
    writeFileSync(path.join(dir, 'shop.conf'), SHOP);
    const { conf, notes } = readConfFacts([path.join(dir, 'nginx.conf'), path.join(dir, 'shop.conf')]);
    expect(notes).toEqual([]);
    const [i] = diagnose(log(big('shop.example.com', '/api/a')), { conf }).incidents;
    expect(i.fix).toContain(`${path.join(dir, 'shop.conf')}:10 ("client_max_body_size 5m;")`);
    // Not given: said once, and the rest of the conf still serves.
    const alone = readConfFacts([path.join(dir, 'nginx.conf')]);
    expect(alone.notes).toEqual([]);
    expect(diagnose(log(big('shop.example.com', '/api/a')), { conf: alone.conf }).incidents[0].fix).toContain(`${path.join(dir, 'nginx.conf')}:10 ("client_max_body_size 2m;")`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a conf the engine would refuse is read for facts; one that does not parse is said, and the doctor goes on', async () => {
  const dir = confDir();
  try {
    // more_set_headers (a module the engine lacks) is in shop.conf: read like any other line.
    const { conf } = readConfFacts([path.join(dir, 'nginx.conf')]);
    expect(conf.all('more_set_headers')).toEqual([{ file: path.join(dir, 'conf.d', 'shop.conf'), line: 15, text: 'more_set_headers X-Upload: 1;' }]);
    writeFileSync(path.join(dir, 'conf.d', 'broken.conf'), 'server {\n    listen 81;\n');
    const file = path.join(dir, 'error.log');
    writeFileSync(file, log(big('shop.example.com', '/api/a')));
    const out = sink();
    const err = sink();
    expect(await examineLogs({ errorLog: file, json: true, conf: [path.join(dir, 'nginx.conf')] }, out.stream, err.stream)).toBe(1);
    expect(err.text()).toContain(`harness doctor: --conf: ${path.join(dir, 'conf.d', 'broken.conf')}:3: unexpected end of file, expecting "}": nginx would not read this file either, so its directives are left out.`);
    expect(JSON.parse(out.text()).incidents[0].fix).toContain('client_max_body_size 5m;');
    // A conf that is not there is bad input.
    const err2 = sink();
    expect(await examineLogs({ errorLog: file, conf: [path.join(dir, 'nope.conf')] }, sink().stream, err2.stream)).toBe(2);
    expect(err2.text()).toContain('cannot read the conf');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
