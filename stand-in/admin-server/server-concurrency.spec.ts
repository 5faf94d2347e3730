// Writes are atomic: 32 clients writing at once lose no update, a unique name is taken by exactly one
// of them, and a reader never sees a change half made (a dish whose flavors are being replaced has
// either the old set or the new one, never none or both).
import { test, expect } from '@playwright/test';
import { Agent, request } from 'undici';
import type { AdminStandIn } from './server.js';
import { EMPLOYEES } from './employees.js';
import { adminToken, ipv4, startAdmin } from '../../tests/support/admin.js';

const WRITERS = 32;
let admin: AdminStandIn;
let token: string;
/** 32 connections, one per writer. */
let agent: Agent;
test.beforeEach(async () => {
  admin = await startAdmin({ mode: 'ipv4' });
  token = await adminToken(ipv4(admin));
  agent = new Agent({ connections: WRITERS * 2 });
});
test.afterEach(async () => {
  await agent.close();
  await admin.stop();
});

async function send(method: string, path: string, body?: unknown): Promise<string> {
  const r = await request(ipv4(admin) + path, {
    method: method as 'GET', dispatcher: agent, headers: { token, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return r.body.text();
}

test('32 writers adding 10 employees each at once: all 320 there, each once, with distinct ids', async () => {
  await Promise.all(Array.from({ length: WRITERS }, async (_, w) => {
    for (let i = 0; i < 10; i++) {
      expect(await send('POST', '/admin/employee', { username: `w${w}n${i}`, name: `写${w}-${i}`, phone: '13800000000', sex: '1', idNumber: '110101199001010047' })).toBe('{"code":1,"msg":null,"data":null}');
    }
  }));
  const rows = [...admin.state.employees.values()];
  expect(rows).toHaveLength(EMPLOYEES.length + WRITERS * 10);
  expect(new Set(rows.map((e) => e.username)).size).toBe(rows.length);
  expect(new Set(rows.map((e) => e.id)).size).toBe(rows.length);
  const page = JSON.parse(await send('GET', '/admin/employee/page?page=1&pageSize=1000')).data;
  expect(page.total).toBe(rows.length);
});

test('32 writers taking one username at once: exactly one wins, 31 hear \'<name>\'已存在', async () => {
  const answers = await Promise.all(Array.from({ length: WRITERS }, () =>
    send('POST', '/admin/employee', { username: 'onlyone', name: '唯一', phone: '13800000000', sex: '1', idNumber: '110101199001010047' })));
  expect(answers.filter((a) => a === '{"code":1,"msg":null,"data":null}')).toHaveLength(1);
  expect(answers.filter((a) => a === '{"code":0,"msg":"\'onlyone\'已存在","data":null}')).toHaveLength(WRITERS - 1);
});

test('32 writers replacing a dish\'s flavors while readers read it: every read sees one writer\'s whole set', async () => {
  const sets = Array.from({ length: WRITERS }, (_, w) => [{ name: '辣度', value: `["w${w}"]` }, { name: '忌口', value: `["w${w}"]` }]);
  const seed = JSON.parse(await send('GET', '/admin/dish/51')).data.flavors.map((f: { value: string }) => f.value);
  const seen: string[][] = [];
  let writing = true;
  const readers = Array.from({ length: 8 }, async () => {
    while (writing) seen.push(JSON.parse(await send('GET', '/admin/dish/51')).data.flavors.map((f: { value: string }) => f.value));
  });
  await Promise.all(sets.map(async (flavors, w) => {
    for (let round = 0; round < 5; round++) expect(await send('PUT', '/admin/dish', { id: 51, price: 56 + w, flavors })).toBe('{"code":1,"msg":null,"data":null}');
  }));
  writing = false;
  await Promise.all(readers);
  expect(seen.length).toBeGreaterThan(WRITERS);
  for (const values of seen) {
    if (values[0]?.startsWith('["w')) expect(values).toEqual([values[0], values[0]]);
    else expect(values).toEqual(seed); // read before the first write
  }
  expect(seen.filter((v) => v[0]?.startsWith('["w')).length).toBeGreaterThan(0);
  expect([...admin.state.flavors.values()].filter((f) => f.dishId === 51)).toHaveLength(2);
});

test('32 writers taking orders while customers order: no order lost, the counts add up', async () => {
  const before = (await send('GET', '/admin/order/statistics'));
  const start = JSON.parse(before).data;
  const placed = await Promise.all(Array.from({ length: WRITERS }, () => admin.placeOrder()));
  await Promise.all(placed.map(({ order }) => send('PUT', '/admin/order/confirm', { id: order.id })));
  const after = JSON.parse(await send('GET', '/admin/order/statistics')).data;
  expect(after.confirmed).toBe(start.confirmed + WRITERS);
  expect(after.toBeConfirmed).toBe(start.toBeConfirmed);
  expect(new Set(placed.map((p) => p.order.id)).size).toBe(WRITERS);
  expect(new Set(placed.map((p) => p.order.number)).size).toBe(WRITERS);
});
