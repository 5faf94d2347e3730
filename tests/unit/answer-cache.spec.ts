// bin/answer-cache.js: `harness --help` and `harness chaos list` answer from what the first run
// printed, in the language and width asked for, and only a whole, successful answer is kept.
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../harness/paths.js';

const BIN = join(repoRoot, 'bin', 'harness.js');

const harness = (args: string[], answers: string, env: Record<string, string> = {}) =>
  execa(process.execPath, [BIN, ...args], { env: { HARNESS_ANSWERS: answers, LANG: 'C', LC_ALL: '', LC_MESSAGES: '', HARNESS_LANG: '', ...env }, reject: false });

test('chaos list: the first run keeps its answer, the next prints it; each language has its own', async ({}, testInfo) => {
  const answers = testInfo.outputPath('answers');
  const first = await harness(['chaos', 'list'], answers);
  expect(first.exitCode).toBe(0);
  expect(readdirSync(answers)).toEqual(['chaos-list.en.txt']);
  expect(readFileSync(join(answers, 'chaos-list.en.txt'), 'utf8').trimEnd()).toBe(first.stdout);
  expect((await harness(['chaos', 'list'], answers)).stdout).toBe(first.stdout);
  // Served from the folder: what it holds is what is printed.
  writeFileSync(join(answers, 'chaos-list.en.txt'), 'the kept answer\n');
  expect((await harness(['chaos', 'list'], answers)).stdout).toBe('the kept answer');
  const zh = await harness(['chaos', 'list'], answers, { LANG: 'zh_CN.UTF-8' });
  expect(zh.stdout).toMatch(/^场景（harness chaos run/);
  expect(readFileSync(join(answers, 'chaos-list.zh-CN.txt'), 'utf8').trimEnd()).toBe(zh.stdout);
});

test('--help is kept by language and width; other command lines are never kept', async ({}, testInfo) => {
  const answers = testInfo.outputPath('answers');
  const help = await harness(['--help'], answers);
  expect(help.stdout).toMatch(/^Commands:$/m);
  // A pipe has no width: yargs wraps at 100 (harness/cli.ts).
  expect(readdirSync(answers)).toEqual(['help.en.100.txt']);
  expect((await harness(['--help'], answers, { HARNESS_LANG: 'zh-CN' })).stdout).not.toBe(help.stdout);
  expect(readdirSync(answers).sort()).toEqual(['help.en.100.txt', 'help.zh-CN.100.txt']);
  for (const args of [['chaos', 'list', '--json'], ['--help', '--lang', 'zh-CN'], ['ps', '--prefix', testInfo.outputPath('none')], ['chaos', 'lst']]) await harness(args, answers);
  expect(readdirSync(answers).sort()).toEqual(['help.en.100.txt', 'help.zh-CN.100.txt']);
});
