// The ssi module as nginx 1.22.1 runs it: a page's commands (echo, set, if/elif/else, config,
// block, include with its subrequests in the page's order, set=, stub=, wait=), the errors' words
// in the page and the log, and what SSI does to the page's head (no length, no validators).
import { gunzipSync } from 'node:zlib';
import { test, expect } from '../fixtures.js';
import { get } from '../support/raw-http.js';
import { withoutDate } from '../support/pages.js';
import { serverConf, writeFiles } from '../support/locations-conf.js';

const CONF = serverConf(`
        location /ssi/ { ssi on; }
        location /ssi-silent/ { ssi on; ssi_silent_errors on; }
        location /ssi-lm/ { alias html/ssi/; ssi on; ssi_last_modified on; }
        location /ssi-gz/ { alias html/ssi/; ssi on; gzip on; gzip_min_length 1; }
        location = /hello { return 200 "hello from $uri?$args"; }
        location = /missing { return 404; }
        location = /empty { return 204; }`);

const PAGES = {
  'html/ssi/part.html': 'PART',
  'html/ssi/page.html': [
    'A<!--#set var="who" value="$arg_name \\$x" -->',
    '[<!--#echo var="who" -->]',
    '[<!--#echo var="nothing" -->][<!--#echo var="nothing" default="dflt" -->]',
    '[<!--#echo var="arg_q" encoding="url" -->][<!--#echo var="arg_q" -->][<!--#echo var="arg_q" encoding="none" -->]',
    '<!--#if expr="$arg_name = bob" -->bob<!--#elif expr="$arg_name" -->someone<!--#else -->nobody<!--#endif -->',
    '[<!--#echo var="1" -->]<!--#if expr="$arg_name = /^(?<first>.)(.*)\\$/" -->[$1=<!--#echo var="1" --> $2=<!--#echo var="2" --> first=<!--#echo var="first" -->]<!--#endif -->',
    '<!--#if expr="$arg_name != /^x/" -->[not x]<!--#endif --><!--#if expr="$arg_name = /x$/" -->x<!--#endif -->',
    '(<!--#include virtual="part.html" -->)(<!--#include virtual="/hello?a=1" -->)',
    '<!--#block name="fallback" -->STUB<!--#echo var="who" --><!--#endblock -->',
    '(<!--#include virtual="/missing" stub="fallback" -->)(<!--#include virtual="/empty" stub="fallback" -->)',
    '(<!--#include virtual="/hello" set="got" --><!--#echo var="got" -->)',
    '<!--#bogus --><!--#config errmsg="[oops]" --><!--#echo --><!--#include file="part.html" wait="yes" --><!--#include file="part.html" -->Z',
  ].join(''),
  'html/ssi-silent/page.html': 'a<!--#bogus -->b<!--#echo var="x" y="1" -->c',
};

test('ssi on: set, echo and its encodings, if/elif/else with a regex, include virtual in order, stub, set=, the errmsg and its [error] lines', async ({ startProxy }) => {
  const p = await startProxy({ conf: CONF });
  writeFiles(p.prefix, PAGES);
  const r = await p.send(get('/ssi/page.html?name=bob&q=%3Ca%20b%3E', p.port));
  expect(r.statusLine).toBe('HTTP/1.1 200 OK');
  expect(withoutDate(r.headers)).toEqual([
    ['Server', 'nginx/1.22.1'],
    ['Content-Type', 'text/html'],
    ['Transfer-Encoding', 'chunked'],
    ['Connection', 'keep-alive'],
  ]);
  expect(r.body).toBe(
    'A[bob $x][(none)][dflt][%253Ca%2520b%253E][%253Ca%2520b%253E][%3Ca%20b%3E]bob[(none)][$1=b $2=ob first=b][not x][an error occurred while processing the directive]x[an error occurred while processing the directive]' +
      '(PART)(hello from /hello?a=1)(STUB<!--#echo var="who" -->)(STUB<!--#echo var="who" -->)(hello from /hello?)' +
      '[an error occurred while processing the directive][oops][oops]PARTZ',
  );
  // After the parsing waited for set=, nginx goes on from its posted requests: no "while ..." then.
  expect(p.requestLog().map((l) => l.replace(/, client: 127.0.0.1, server: localhost, request: "GET \/ssi\/page.html\?name=bob&q=%3Ca%20b%3E HTTP\/1.1", host: "127.0.0.1:P"$/, ''))).toEqual([
    'TIME [error] PID: *2 invalid variable name in "x$" while sending response to client',
    'TIME [error] PID: *2 invalid context of SSI command: "endif" while sending response to client',
    'TIME [error] PID: *2 invalid SSI command: "bogus"',
    'TIME [error] PID: *2 mandatory "var" parameter is absent in "echo" SSI command',
    'TIME [error] PID: *2 "wait" cannot be used with file="part.html"',
  ]);
  // A subrequest has no access-log line of its own.
  expect(p.access()).toHaveLength(1);
});

test('ssi_silent_errors on: a command in error leaves nothing in the page; the [error] line is still written', async ({ startProxy }) => {
  const p = await startProxy({ conf: CONF });
  writeFiles(p.prefix, PAGES);
  const r = await p.send(get('/ssi-silent/page.html', p.port));
  expect(r.body).toBe('abc');
  expect(p.requestLog().map((l) => l.replace(/, client: .*/, ''))).toEqual([
    'TIME [error] PID: *2 invalid SSI command: "bogus" while sending response to client',
    'TIME [error] PID: *2 invalid parameter name: "y" in "echo" SSI command while sending response to client',
  ]);
});

test('an SSI page takes no ranges (a Range gets the whole page, no Accept-Ranges); ssi_last_modified on keeps Last-Modified and makes the ETag weak', async ({ startProxy }) => {
  const p = await startProxy({ conf: CONF });
  writeFiles(p.prefix, PAGES);
  const r = await p.send(get('/ssi/part.html', p.port, ['Range: bytes=0-1']));
  expect([r.status, r.body, r.headers.map(([n]) => n)]).toEqual([200, 'PART', ['Server', 'Date', 'Content-Type', 'Transfer-Encoding', 'Connection']]);
  const lm = await p.send(get('/ssi-lm/part.html', p.port));
  expect(lm.headers.map(([n, v]) => (n === 'ETag' ? `${n}: ${v.slice(0, 3)}` : n))).toEqual(['Server', 'Date', 'Content-Type', 'Last-Modified', 'Transfer-Encoding', 'Connection', 'ETag: W/"']);
});

test('ssi with gzip on: the parsed page, its includes in place, is what gzip compresses', async ({ startProxy }) => {
  const p = await startProxy({ conf: CONF });
  writeFiles(p.prefix, { ...PAGES, 'html/ssi/gz.html': 'a<!--#include virtual="part.html" -->b<!--#echo var="arg_x" -->c' });
  const r = await p.send(get('/ssi-gz/gz.html?x=1', p.port, ['Accept-Encoding: gzip']));
  expect(r.headers.find(([n]) => n === 'Content-Encoding')?.[1]).toBe('gzip');
  expect(gunzipSync(Buffer.from(r.body, 'latin1')).toString('latin1')).toBe('aPARTb1c');
});

test('ssi_types names more types to parse; ssi_value_length cuts a command whose value is longer; ssi_min_file_chunk and ssi_ignore_recycled_buffers are accepted', async ({ startProxy }) => {
  const p = await startProxy({
    conf: serverConf(`
        location /txt/ { ssi on; ssi_types text/plain; ssi_min_file_chunk 2k; ssi_ignore_recycled_buffers on; }
        location /short/ { ssi on; ssi_value_length 4; }`),
  });
  writeFiles(p.prefix, {
    'html/txt/a.txt': 'a<!--#set var="v" value="yes" -->[<!--#echo var="v" -->]',
    'html/short/page.html': '[<!--#set var="v" value="four" --><!--#echo var="v" -->][<!--#set var="w" value="fives" --><!--#echo var="w" default="none" -->]',
  });
  const txt = await p.send(get('/txt/a.txt', p.port));
  expect(txt.headers).toContainEqual(['Content-Type', 'text/plain']);
  expect(txt.body).toBe('a[yes]');
  const short = await p.send(get('/short/page.html', p.port));
  expect(short.body).toBe('[four][[an error occurred while processing the directive]none]');
  await expect.poll(() => p.requestLog().filter((l) => l.includes('value of "value" parameter')).map((l) => l.replace(/, client: .*$/, ''))).toEqual([
    'TIME [error] PID: *3 too long "fives..." value of "value" parameter in "set" SSI command while sending response to client',
  ]);
});
