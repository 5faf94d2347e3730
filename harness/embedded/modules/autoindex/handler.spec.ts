// The html listing's name column under `charset utf-8` (names cut and padded by UTF-8 characters)
// and without it (by bytes, a character cut in two): html() against nginx 1.22.1's own listings of
// the same folder (captured with `charset utf-8` and without it; the engine's charset filter is
// not in this module, so the conformance specs cannot ask for the first).
import { test, expect } from '@playwright/test';
import { html, type Entry } from './handler.js';

const utf8 = (s: string) => Buffer.from(s, 'utf8').toString('latin1');
const mtime = Date.UTC(2026, 0, 2, 3, 4, 5) / 1000;
const dir = (name: string): Entry => ({ name, dir: true, file: false, mtime, size: 0 });
const file = (name: string): Entry => ({ name, dir: false, file: true, mtime, size: 0 });

// In nginx's order: directories first, then by bytes.
const ENTRIES = [dir(utf8('ü'.repeat(49))), dir(utf8('ü'.repeat(50))), file(utf8('<ü>&' + 'é'.repeat(50))), file('\u00c3(x'), file(utf8('é'.repeat(60))), file(utf8('ü.txt'))];

const BY_CHARACTER = [
  "<html>",
  "<head><title>Index of /u8/</title></head>",
  "<body>",
  "<h1>Index of /u8/</h1><hr><pre><a href=\"../\">../</a>",
  "<a href=\"%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC/\">\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc/</a> 02-Jan-2026 03:04                   -",
  "<a href=\"%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC/\">\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc</a> 02-Jan-2026 03:04                   -",
  "<a href=\"%3C%C3%BC%3E%26%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9\">&lt;\u00c3\u00bc&gt;&amp;\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9..&gt;</a> 02-Jan-2026 03:04                   0",
  "<a href=\"%C3%28x\">\u00c3(x</a>                                                02-Jan-2026 03:04                   0",
  "<a href=\"%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9\">\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9..&gt;</a> 02-Jan-2026 03:04                   0",
  "<a href=\"%C3%BC.txt\">\u00c3\u00bc.txt</a>                                              02-Jan-2026 03:04                   0",
  "</pre><hr></body>",
  "</html>",
  "",
].join('\r\n');

const BY_BYTE = [
  "<html>",
  "<head><title>Index of /u8/</title></head>",
  "<body>",
  "<h1>Index of /u8/</h1><hr><pre><a href=\"../\">../</a>",
  "<a href=\"%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC/\">\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3..&gt;</a> 02-Jan-2026 03:04                   -",
  "<a href=\"%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC%C3%BC/\">\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3\u00bc\u00c3..&gt;</a> 02-Jan-2026 03:04                   -",
  "<a href=\"%3C%C3%BC%3E%26%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9\">&lt;\u00c3\u00bc&gt;&amp;\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9..&gt;</a> 02-Jan-2026 03:04                   0",
  "<a href=\"%C3%28x\">\u00c3(x</a>                                                02-Jan-2026 03:04                   0",
  "<a href=\"%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9\">\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3\u00a9\u00c3..&gt;</a> 02-Jan-2026 03:04                   0",
  "<a href=\"%C3%BC.txt\">\u00c3\u00bc.txt</a>                                             02-Jan-2026 03:04                   0",
  "</pre><hr></body>",
  "</html>",
  "",
].join('\r\n');

test('autoindex html under charset utf-8: names cut at 47 characters, padded by characters; an invalid name by bytes', () => {
  expect(html('/u8/', ENTRIES, { exactSize: true, offset: 0, utf8: true })).toBe(BY_CHARACTER);
});

test('autoindex html without a charset: names cut at 47 bytes, even inside a character', () => {
  expect(html('/u8/', ENTRIES, { exactSize: true, offset: 0, utf8: false })).toBe(BY_BYTE);
});
