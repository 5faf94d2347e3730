// The control page's files: plain HTML, CSS and JavaScript modules in harness/control/page/, served
// as they are in the repository (no build step). Only the files of that folder, by their exact
// names; nothing in them is secret, so they are served without the token, which the page then
// sends with every call. messages.js is made here: the page's words in the stack's language.
import { readFile, readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { repoRoot } from '../paths.js';
import { PAGE_CSP, SAFE_HEADERS } from '../channel-guard.js';
import { lang } from '../i18n/index.js';
import { controlText } from './texts.js';

export const pageDir = join(repoRoot, 'harness', 'control', 'page');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

let files: Promise<Set<string>> | undefined;

/** Whether a GET of `path` asks for one of the page's files (by its shape: the folder is read on the first). */
export function isPageFile(path: string): boolean {
  return path === '/' || /^\/[a-z0-9-]+\.(?:html|js|css|svg)$/.test(path);
}

/** `/` is index.html; `/main.js` a file of the folder. */
function fileOf(path: string): string {
  return path === '/' ? 'index.html' : path.slice(1);
}

/** The page's words in the stack's language (its --lang, else its locale): control/texts.ts, as a module the page imports. */
export function pageMessages(): string {
  const l = lang();
  const messages = controlText.texts[l];
  return `export const lang = ${JSON.stringify(l)};\nexport const messages = ${JSON.stringify(messages, null, 1)};\n`;
}

/** Serves a GET for one of the page's files; false when `path` is none of them. */
export async function servePageFile(path: string, res: ServerResponse): Promise<boolean> {
  if (path === '/messages.js') {
    res.writeHead(200, { ...SAFE_HEADERS, 'content-type': TYPES['.js'], 'content-security-policy': PAGE_CSP });
    res.end(pageMessages());
    return true;
  }
  files ??= readdir(pageDir).then((names) => new Set(names.filter((n) => TYPES[extname(n)])));
  const name = fileOf(path);
  if (!(await files).has(name)) return false;
  const body = await readFile(join(pageDir, name));
  res.writeHead(200, { ...SAFE_HEADERS, 'content-type': TYPES[extname(name)], 'content-security-policy': PAGE_CSP });
  res.end(body);
  return true;
}
