// Variables in the first argument of proxy_redirect, proxy_cookie_path and proxy_cookie_domain:
// evaluated for each answer, then matched as a text written there is. Their regular expressions
// (`~`, `~*`) match the whole value, which the replacement, its captures in it, then takes.
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';

test('proxy_redirect http://$host:U/ and proxy_cookie_path /$arg_p/, proxy_cookie_domain $arg_d: evaluated, then matched', async ({ startProxy }) => {
  const p = await startProxy({
    server: `location /pr/ {
            proxy_pass http://127.0.0.1:U/;
            proxy_redirect http://$host:U/ /moved/;
            proxy_cookie_path /$arg_p/ /c/;
            proxy_cookie_domain $arg_d other.example;
        }`,
  });
  p.upstream.behaviour = {
    kind: 'fixed',
    response: `HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:${p.upstream.port}/a\r\nSet-Cookie: s=1; Path=/x/y; Domain=.Up.Example\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
  };
  const answer = async (query: string) => {
    const r = await p.send(get(`/pr/z?${query}`, p.port));
    return ['Location', 'Set-Cookie'].map((n) => r.headers.find(([h]) => h === n)?.[1]);
  };
  expect(await answer('p=x&d=up.example')).toEqual([`http://127.0.0.1:${p.port}/moved/a`, 's=1; Path=/c/y; Domain=.other.example']);
  // Other values match nothing: the cookie as it came.
  expect(await answer('p=q&d=no.example')).toEqual([`http://127.0.0.1:${p.port}/moved/a`, 's=1; Path=/x/y; Domain=.Up.Example']);
});

test('regular expressions: proxy_redirect ~ and ~*, proxy_cookie_path ~*, proxy_cookie_domain ~ (always without case): the whole value replaced, captures in it', async ({ startProxy }) => {
  const p = await startProxy({
    server: `location /re/ {
            proxy_pass http://127.0.0.1:U/;
            proxy_redirect ~^http://[^/]+/old/(.+)$ /new/$1;
            proxy_redirect ~*/SHOUT(\\d+)$ /quiet/$1;
            proxy_cookie_path ~*^/CASE/(?<rest>.+)$ /lower/$rest;
            proxy_cookie_domain ~^(.+)\\.com$ $1.org;
            proxy_cookie_domain www.example.net .example.org;
        }`,
  });
  const answer = async (location: string, cookie: string) => {
    p.upstream.behaviour = { kind: 'fixed', response: `HTTP/1.1 302 Found\r\nLocation: ${location}\r\nSet-Cookie: ${cookie}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n` };
    const r = await p.send(get('/re/z', p.port));
    return ['Location', 'Set-Cookie'].map((n) => r.headers.find(([h]) => h === n)?.[1]);
  };
  expect(await answer('http://up.example/old/a/b?c=1', 's=1; Path=/case/x/y; Domain=.Shop.COM')).toEqual([`http://127.0.0.1:${p.port}/new/a/b?c=1`, 's=1; Path=/lower/x/y; Domain=.Shop.org']);
  expect(await answer('http://up.example/shout42', 's=1; Domain=www.example.net')).toEqual([`http://127.0.0.1:${p.port}/quiet/42`, 's=1; Domain=example.org']);
  // No match: as it came.
  expect(await answer('http://up.example/other', 's=1; Path=/case; Domain=example.net')).toEqual(['http://up.example/other', 's=1; Path=/case; Domain=example.net']);
});
