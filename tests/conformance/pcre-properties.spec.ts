// PCRE's Unicode properties (\p{N}, \p{^N}, \pL) in a server_name, a location and a map key: nginx
// compiles without UTF, so each byte of the host or URI is matched as its Latin-1 character.
import { test, expect } from '../fixtures.js';
import { serversConf } from '../support/locations-conf.js';

const CONF = serversConf(`
    map $uri $kind {
        default          other;
        "~^/m/\\p{N}+$"  number;
        "~^/m/\\pL+$"    letters;
    }
    server {
        listen 127.0.0.1:P;
        server_name localhost;
        location ~ "^/n/\\p{N}+$" { return 200 "number\\n"; }
        location ~ "^/n/\\p{^N}+$" { return 200 "not a number\\n"; }
        location /m/ { return 200 "$kind\\n"; }
        location / { return 200 "default\\n"; }
    }
    server {
        listen 127.0.0.1:P;
        server_name "~^(?<name>www\\p{N}+)\\.example\\.com$";
        return 200 "name=$name\\n";
    }`);

test('\\p{N} in server_name, location and map: digits and Latin-1 numbers (the byte %B2 is "²"), not letters', async ({ startProxy }) => {
  const p = await startProxy({ conf: CONF });
  const get = async (host: string, uri: string) => `${host}${uri} ${(await p.send(`GET ${uri} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).body}`;
  const bodies = [
    await get('www12.example.com', '/'),
    await get('WWW3.example.com', '/'),
    await get('wwwx.example.com', '/'),
    await get('localhost', '/n/42'),
    await get('localhost', '/n/%B2'),
    await get('localhost', '/n/ab'),
    await get('localhost', '/m/7'),
    await get('localhost', '/m/xy'),
    await get('localhost', '/m/x7'),
  ];
  expect(bodies).toEqual([
    'www12.example.com/ name=www12\n',
    'WWW3.example.com/ name=www3\n',
    'wwwx.example.com/ default\n',
    'localhost/n/42 number\n',
    'localhost/n/%B2 number\n',
    'localhost/n/ab not a number\n',
    'localhost/m/7 number\n',
    'localhost/m/xy letters\n',
    'localhost/m/x7 other\n',
  ]);
});
