// harness check-server's backend against the stand-in on sky.sql (it answers as the course's
// server, or as its reference solution where the two differ) and against a wrong server of this
// spec's own: the stand-in behind a proxy that spoils five answers, each named in both languages.
import { test, expect } from '@playwright/test';
import getPort from 'get-port';
import http from 'node:http';
import { request } from 'undici';
import { checkServer, type CheckReport } from './check.js';
import { sayReport } from './say.js';
import { readGolden } from './golden.js';
import { NAMES_ZH } from './names.js';
import { checkServerCommand } from './command.js';
import { UsageError, UserError } from '../errors.js';
import { setLang } from '../i18n/index.js';
import { startSkySqlAdmin } from '../../tests/support/admin.js';
import type { AdminStandIn } from '../../stand-in/admin-server/server.js';

const STACK = 'java.lang.NullPointerException\n\tat com.sky.service.impl.EmployeeServiceImpl.login(EmployeeServiceImpl.java:42)\n';

/** What the wrong server does instead of the stand-in, by method, path and body. */
function spoil(method: string, url: string, body: string): { status: number; type?: string; body: string } | ((stand: string) => string) | undefined {
  if (method === 'POST' && url === '/admin/employee/login' && body.includes('654321')) return { status: 500, type: 'text/plain', body: STACK };
  if (method === 'DELETE' && url === '/admin/category?id=11') return { status: 200, type: 'application/json', body: '{"code":1,"msg":null,"data":null}' };
  if (method === 'GET' && url === '/admin/shop/status') return { status: 200, type: 'application/json', body: '{"code":1,"msg":null,"data":"1"}' };
  if (method === 'GET' && url === '/admin/category/page?page=1&pageSize=10') return (stand) => stand.replace('"records"', '"rows"');
  if (method === 'PUT' && url === '/admin/order/rejection') return (stand) => stand.replace('订单状态错误', '订单不存在');
  return undefined;
}

async function wrongServer(admin: AdminStandIn): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const spoiled = spoil(req.method!, req.url!, body.toString());
    if (spoiled && typeof spoiled !== 'function') {
      res.writeHead(spoiled.status, spoiled.type ? { 'content-type': spoiled.type } : {}).end(spoiled.body);
      return;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'connection')) as Record<string, string>;
    const r = await request(`http://127.0.0.1:${admin.port}${req.url}`, { method: req.method as 'GET', headers, body: body.length ? body : undefined });
    const text = await r.body.text();
    const out = typeof spoiled === 'function' ? spoiled(text) : text;
    const type = r.headers['content-type'];
    res.writeHead(r.statusCode, type ? { 'content-type': String(type) } : {}).end(out);
  });
  const port = await getPort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const differing = (report: CheckReport) => report.requests.filter((r) => r.differences.length).map((r) => `${r.group}: ${r.name}`);

test.describe.configure({ mode: 'serial' });
test.afterEach(() => setLang('en'));

test('the stand-in on sky.sql answers as the course\'s server, or as its reference solution where they differ', async () => {
  const admin = await startSkySqlAdmin({ mode: 'ipv4' });
  try {
    const report = await checkServer({ host: '127.0.0.1', port: admin.port });
    expect(differing(report)).toEqual([]);
    expect(report.differing).toBe(0);
    expect(report.notFresh).toBeUndefined();
    expect(report.requests.length).toBeGreaterThan(100);
    // The stand-in answers these as the reference does; the check says so and still counts them the same.
    expect(report.requests.filter((r) => r.reference).map((r) => r.reference)).toEqual(
      expect.arrayContaining(['05-dish: page by category', '08-shop: status before it was set', '10-report: export']),
    );
    const lines = sayReport(report);
    expect(lines.at(-1)).toBe(`every answer is the course's: ${report.requests.length} of ${report.requests.length}.`);
  } finally {
    await admin.stop();
  }
});

test('a wrong server: each difference named, with what the page then shows, in English and Chinese', async () => {
  const admin = await startSkySqlAdmin({ mode: 'ipv4' });
  const wrong = await wrongServer(admin);
  try {
    const report = await checkServer({ host: '127.0.0.1', port: wrong.port });
    expect(differing(report).sort()).toEqual([
      '01-login: login with a wrong password',
      '04-category: delete one with dishes',
      '04-category: page',
      '07-order: reject an id that does not exist',
      '08-shop: status',
    ]);
    const text = sayReport(report).join('\n');
    expect(text).toContain('  POST /admin/employee/login (login with a wrong password)\n      your server answers 500 with a Java stack trace; the course\'s answers 200 {"code":0,"msg":"密码错误"}: the page shows "请求出错了：Request failed with status code 500" instead of "密码错误".');
    expect(text).toContain('  DELETE /admin/category?id=11 (delete one with dishes)\n      "code" is 1 where the course\'s is 0: the page goes on as if it worked, and does not show "当前分类关联了菜品,不能删除".');
    expect(text).toContain('      data.records is missing where the course\'s has an array: the page finds nothing there.');
    expect(text).toContain('      "msg" is "订单不存在" where the course\'s is "订单状态错误": the page shows "订单不存在" instead.');
    expect(text).toContain('      data is a string where the course\'s is a number: the page may show or count it wrongly.');
    expect(text).toContain('✗ login: 1 of 14 differ');
    expect(text).toMatch(/\n5 of \d+ answers differ from the course's\.$/);

    setLang('zh-CN');
    const zh = sayReport(report).join('\n');
    expect(zh).toContain('  POST /admin/employee/login（密码错误的登录）\n      你的服务响应 500，带有 Java 异常堆栈；课程的服务响应 200 {"code":0,"msg":"密码错误"}：页面显示 "请求出错了：Request failed with status code 500"，而不是 "密码错误"。');
    expect(zh).toContain('✗ 登录：14 个中有 1 个不同');
  } finally {
    await wrong.close();
    await admin.stop();
  }
});

test('it asks for --yes before it writes, and says so when nothing answers', async () => {
  const port = await getPort();
  const written: string[] = [];
  const out = { write: (s: string) => written.push(s) } as unknown as NodeJS.WritableStream;
  const noYes = checkServerCommand({ target: { host: '127.0.0.1', port }, yes: false, json: false }, out);
  await expect(noYes).rejects.toThrow(UsageError);
  await expect(noYes).rejects.toThrow(`harness check-server sends`);
  const nobody = checkServerCommand({ target: { host: '127.0.0.1', port }, yes: true, json: false }, out);
  await expect(nobody).rejects.toThrow(UserError);
  await expect(nobody).rejects.toThrow(`nothing answers at 127.0.0.1:${port} (ECONNREFUSED): is your server running, on that port?`);
  expect(written).toEqual([]);
});

test('every transcript has its name in Chinese', () => {
  const names = readGolden().flatMap(({ file }) => file.transcripts.map((tr) => tr.name));
  expect(names.filter((n) => !(n in NAMES_ZH))).toEqual([]);
});
