// The doctor in Simplified Chinese: every explanation of the project's fixture logs, nginx's and
// Spring Boot servers' (and of the course's cases with their conf and access log) reads in Chinese,
// with no English sentence left in it once what it quotes (nginx's own lines, commands, paths,
// addresses, directives) is taken out;
// the report around them, its JSON and its errors speak Chinese too. The other specs hold the English.
import { test, expect } from '@playwright/test';
import { appendFileSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { diagnose, examineLogs, readConfFacts, renderText, type Incident } from './index.js';
import { lang, setLang } from '../i18n/index.js';
import { describeExpectation } from './expect.js';
import { FIXTURES, fixtureLine, repoRoot, SERVER_FIXTURES, sink, tempDir, whileFollowing } from '../../tests/support/doctor.js';

const COURSE = path.join(repoRoot, 'tests', 'fixtures', 'doctor-course');

/**
 * The runs of three or more English words left in a Chinese text once its quotes ("…", `…`),
 * paths, URLs, addresses, directives (words with / \ _ = $ or a dot inside) and HTTP statuses
 * (`502 Bad Gateway`) are taken out, and that are not nginx's own words quoted from the log (an
 * errno text, `no live upstreams`). What is taken out ends a run.
 */
export function englishLeft(text: string, log: string): string[] {
  const bare = text
    .replace(/"[^"]*"|`[^`]*`/g, '|')
    .replace(/\S*(?:[\\/_=$]|\w\.\w)\S*/g, '|')
    .replace(/\b[1-5]\d\d(?: [A-Z][a-z]+)+/g, '|');
  const runs = bare.match(/[A-Za-z][\w'-]*(?: [A-Za-z][\w'-]*){2,}/g) ?? [];
  return runs.filter((run) => !log.includes(run));
}

test.beforeAll(() => setLang('zh-CN'));
test.afterAll(() => setLang('en'));

function expectChinese(incidents: Incident[], log: string, where: string): void {
  expect(incidents.length, where).toBeGreaterThan(0);
  for (const i of incidents) {
    for (const [field, text] of [['cause', i.cause], ['fix', i.fix]] as const) {
      const at = `${where} ${i.condition} ${i.lines.join(',')} ${field}: ${text}`;
      expect.soft(text, at).toMatch(/\p{Script=Han}/u);
      expect.soft(englishLeft(text, log), at).toEqual([]);
    }
  }
}

test('the check finds an English sentence, and lets quotes, paths and nginx\'s own words through', () => {
  const log = '2026/11/22 07:09:23 [error] 1#1: *1 connect() failed (111: Connection refused) while connecting to upstream';
  expect(englishLeft('nginx could not reach the admin server.', log)).toEqual(['nginx could not reach the admin server']);
  expect(englishLeft('后端服务没有运行（111: Connection refused），nginx 当时在 while connecting to upstream', log)).toEqual([]);
  expect(englishLeft('运行 "nginx -s reload"，查看 D:\\nginx-1.20.2\\logs\\error.log 和 proxy_pass http://127.0.0.1:8080/admin/;', log)).toEqual([]);
});

const logs = readdirSync(FIXTURES).filter((f) => f.endsWith('.log')).sort();

for (const file of logs) {
  test(`${file}: every explanation is in Chinese`, () => {
    const bytes = readFileSync(path.join(FIXTURES, file));
    expect(lang()).toBe('zh-CN');
    expectChinese(diagnose(bytes).incidents, bytes.toString('latin1'), file);
  });
}

// Spring Boot servers' logs: their explanations quote exceptions and the app's frames, not nginx's lines.
for (const file of readdirSync(SERVER_FIXTURES).filter((f) => f.endsWith('.log')).sort()) {
  test(`the server log ${file}: every explanation is in Chinese`, () => {
    const bytes = readFileSync(path.join(SERVER_FIXTURES, file));
    expectChinese(diagnose(bytes).incidents, bytes.toString('utf8'), file);
  });
}

// The users' real logs (log-corpus.spec.ts reads them in English) when HARNESS_LOG_CORPUS names them.
const corpus = process.env.HARNESS_LOG_CORPUS;
for (const file of corpus && existsSync(corpus) ? readdirSync(corpus).filter((f) => f.endsWith('.log')).sort() : []) {
  test(`the real log ${file}: every explanation is in Chinese`, () => {
    const bytes = readFileSync(path.join(corpus!, file));
    expectChinese(diagnose(bytes).incidents, bytes.toString('latin1'), file);
  });
}

for (const name of readdirSync(COURSE).sort()) {
  test(`the course's ${name}, with its conf and access log: every explanation is in Chinese`, () => {
    const dir = path.join(COURSE, name);
    const { conf } = readConfFacts([path.join(dir, 'nginx.conf')]);
    const error = readFileSync(path.join(dir, 'error.log'));
    const access = readFileSync(path.join(dir, 'access.log'));
    const d = diagnose(error, { conf, accessLogBytes: access });
    expectChinese(d.incidents, error.toString('latin1') + access.toString('latin1'), name);
  });
}

test('the report around the explanations is in Chinese: summary, headings, labels', () => {
  const bytes = readFileSync(path.join(FIXTURES, logs.find((f) => f.startsWith('01'))!));
  const lines = bytes.toString('latin1').split('\n');
  const text = renderText(diagnose(bytes), { text: (n) => lines[n - 1], lines: lines.length - 1 }, { name: 'error.log' });
  expect(text).toMatch(/^error\.log：\d+ 行，\d+ 个事件（\d+ 个需要处理）：[\w-]+ ×\d+、/);
  expect(text).toContain('  原因：端口 8080 上没有程序接受连接');
  expect(text).toContain('  怎么办：在 8080 上启动后端服务');
  // Lists in Chinese: peers joined with 和, paths with 、.
  expect(text).toContain('nginx 对 [::1]:8080 和 127.0.0.1:8080 的 2 次尝试都被拒绝了');
  expect(text).toContain('直接用 502 响应了 3 个请求（/api/setmeal/page、/api/shop/status）');
  expect(englishLeft(text.replace(/^\s+\d+ \|.*$/gm, ''), bytes.toString('latin1'))).toEqual([]);
});

test('--json keeps its keys and condition ids in English and carries the Chinese text', async () => {
  const out = sink();
  const err = sink();
  const code = await examineLogs({ errorLog: path.join(FIXTURES, logs.find((f) => f.startsWith('01'))!), json: true }, out.stream, err.stream);
  expect(code).toBe(1);
  const json = JSON.parse(out.text()) as { incidents: Record<string, unknown>[] };
  expect(Object.keys(json.incidents[0])).toEqual(['condition', 'lines', 'cause', 'fix']);
  expect(json.incidents[0].condition).toBe('upstream-refused');
  expect(json.incidents[0].cause).toContain('端口 8080 上没有程序接受连接');
});

test("the doctor's errors are in Chinese: a missing log, a log that is not nginx's error log", async () => {
  const err = sink();
  expect(await examineLogs({ errorLog: path.join(repoRoot, 'no-such-error.log') }, sink().stream, err.stream)).toBe(2);
  expect(err.text()).toContain('无法读取错误日志');
  expect(err.text()).toContain('文件不存在');
  const err2 = sink();
  expect(await examineLogs({ errorLog: path.join(COURSE, 'admin-no-slash', 'access.log') }, sink().stream, err2.stream)).toBe(2);
  expect(err2.text()).toContain('是 nginx 的访问日志');
});

test('--follow speaks Chinese: the line that starts following, and each incident as it completes', async () => {
  const dir = tempDir();
  const log = path.join(dir, 'error.log');
  writeFileSync(log, fixtureLine('01', 1) + '\n');
  const code = await whileFollowing(log, async (printed) => {
    await expect.poll(printed).toContain(`正在跟踪 ${log}：日志末尾的那个事件和新的事件会在完整后逐个解释（按 Ctrl-C 停止）`);
    appendFileSync(log, fixtureLine('01', 2) + '\n');
    await expect.poll(printed, { timeout: 5000 }).toContain('● upstream-refused  第 1-2 行');
    expect(printed()).toContain('原因：端口 8080 上没有程序接受连接：nginx 对 [::1]:8080 和 127.0.0.1:8080 的 2 次尝试都被拒绝了');
  });
  expect(code).toBe(1);
  rmSync(dir, { recursive: true, force: true });
});

test('what a scenario expects the doctor to find, said in Chinese at the end of a chaos run', () => {
  const before = lang();
  setLang('zh-CN');
  try {
    expect(describeExpectation({ conditions: ['upstream-refused', 'no-live-upstreams'], verdict: 'not-running' })).toBe('upstream-refused (not-running) 和 no-live-upstreams');
    expect(describeExpectation({ conditions: [], harmless: ['upstream-refused'] })).toBe('没有需要处理的问题，只有 upstream-refused');
  } finally {
    setLang(before);
  }
});
