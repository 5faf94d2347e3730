// Every doc under docs/ (guides included) and the README exist in English and in Simplified Chinese,
// kept in step: the twin `<name>.zh-CN.md` beside `<name>.md`, the same headings' structure (the same
// levels in the same order; the texts differ), and the same commands in their code blocks. A Chinese
// doc links to the Chinese twin of a doc wherever there is one.
import { test, expect } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { repoRoot } from '../../harness/paths.js';

const ZH = '.zh-CN.md';

const docsFolder = readdirSync(join(repoRoot, 'docs'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f.split('\\').join('/')}`);
const english = ['README.md', ...docsFolder.filter((f) => !f.endsWith(ZH))];
const chinese = ['README.zh-CN.md', ...docsFolder.filter((f) => f.endsWith(ZH))];

const twinOf = (doc: string) => (doc.endsWith(ZH) ? doc.slice(0, -ZH.length) + '.md' : doc.slice(0, -'.md'.length) + ZH);
const read = (doc: string) => readFileSync(join(repoRoot, doc), 'utf8');
const withoutCode = (text: string) => text.replace(/^```[^]*?^```/gm, '');

/** A doc's headings' levels, in order (outside code blocks): `## A`, `### B` gives [2, 3]. */
function headingLevels(text: string): number[] {
  return [...withoutCode(text).matchAll(/^(#{1,6})\s+\S/gm)].map((m) => m[1].length);
}

/** A code block's line that shows a command to type (not a line of output such as `harness | …`). */
const COMMAND = /^(?:\$\s+)?(?:npx|npm|node|harness|nginx|curl|git|docker|sudo|apt-get|brew|choco|winget|cd|export|set)(?:\s+[^|\s]|$)/;

/** The commands a doc's code blocks show, in order, without their comments (which are translated). */
function commands(text: string): string[] {
  return [...text.matchAll(/^```[^\n]*\n([^]*?)^```/gm)]
    .flatMap((m) => m[1].split('\n'))
    .map((line) => line.replace(/\s+#\s.*$/, '').trim())
    .filter((line) => COMMAND.test(line));
}

/** The .md files of the repository a doc links to (outside code), as paths from the repository's root. */
function linkedDocs(doc: string): string[] {
  const prose = withoutCode(read(doc)).replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\[[^\]\n]*\]\(([^)\s#]+\.md)(?:#[^)\s]*)?\)/g)]
    .filter((m) => !/^[a-z][a-z+.-]*:/i.test(m[1]))
    .map((m) => relative(repoRoot, resolve(dirname(join(repoRoot, doc)), decodeURIComponent(m[1]))).split('\\').join('/'));
}

test('the rules find what they look for', () => {
  expect(headingLevels('# A\n\n```sh\n# a comment, not a heading\n```\n## B\n### C\n#not a heading\n## D')).toEqual([1, 2, 3, 2]);
  expect(commands('```sh\nnpx harness up   # the stack\n$ npm test\nharness |   proxy on 127.0.0.1:8000\nOpen the page.\n```\n`npx harness down`')).toEqual(['npx harness up', '$ npm test']);
  expect(twinOf('docs/guides/502.md')).toBe('docs/guides/502.zh-CN.md');
  expect(twinOf('docs/guides/502.zh-CN.md')).toBe('docs/guides/502.md');
});

for (const doc of english) {
  const twin = twinOf(doc);
  test(`${doc} and ${twin} are in step`, () => {
    expect(existsSync(join(repoRoot, twin)), `${doc} has no Chinese twin: write ${twin}`).toBe(true);
    const [en, zh] = [read(doc), read(twin)];
    expect(headingLevels(zh), `the headings' levels, in order, of ${twin} against ${doc}`).toEqual(headingLevels(en));
    expect(commands(zh), `the commands of the code blocks of ${twin} against ${doc}`).toEqual(commands(en));
    const name = (d: string) => d.split('/').pop();
    expect(en.split('\n').slice(0, 4).join('\n'), `${doc} links to its twin near its top: [中文](${name(twin)})`).toContain(`[中文](${name(twin)})`);
    expect(zh.split('\n').slice(0, 4).join('\n'), `${twin} links to its twin near its top: [English](${name(doc)})`).toContain(`[English](${name(doc)})`);
  });
}

for (const doc of chinese) {
  test(`${doc} has an English twin, and links to the Chinese twin of a doc wherever there is one`, () => {
    expect(existsSync(join(repoRoot, twinOf(doc))), `${doc} has no English twin`).toBe(true);
    const english = linkedDocs(doc).filter((d) => d !== twinOf(doc) && !d.endsWith(ZH) && existsSync(join(repoRoot, twinOf(d))));
    expect(english, `${doc} links to these English docs, which have a Chinese twin`).toEqual([]);
  });
}
