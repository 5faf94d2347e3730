// The requests of the golden transcripts: every endpoint the course's admin front end calls, with
// good input and the bad input students send, in the order they are recorded and replayed (later
// ones see what earlier ones wrote). record() sends them to the real server (bin/real-server.js
// --record) and writes harness/check-server/transcripts/*.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NORMALISED, dayOf, exchange, tokensFor, type Transcript, type TranscriptFile, type TranscriptRequest } from './transcripts.js';

type Case = Omit<Transcript, 'response'>;

const JSON_TYPE = { 'content-type': 'application/json' };
/** A request with admin's token, unless `extra` says otherwise. */
const req = (name: string, method: string, path: string, extra: Partial<TranscriptRequest> = {}, compare?: 'shape'): Case =>
  ({ name, request: { method, path, token: 'admin', ...extra }, ...(compare && { compare }) });
const get = (name: string, path: string, extra: Partial<TranscriptRequest> = {}, compare?: 'shape') => req(name, 'GET', path, extra, compare);
const post = (name: string, path: string, extra: Partial<TranscriptRequest> = {}) => req(name, 'POST', path, extra);
/** A JSON body. */
const send = (name: string, method: string, path: string, json: unknown, extra: Partial<TranscriptRequest> = {}) =>
  req(name, method, path, { headers: JSON_TYPE, body: JSON.stringify(json), ...extra });

const EMPLOYEE = { username: 'recorder', name: '录制员', phone: '13812345678', sex: '1', idNumber: '110101199001011234' };
const CATEGORY = { name: '录制分类', type: 1, sort: 1 };
const DISH = { name: '录制菜品', categoryId: 11, price: 12.5, image: 'x.png', description: '录制', status: 1, flavors: [{ name: '辣度', value: '["不辣","微辣"]' }] };
const SETMEAL = { name: '录制套餐', categoryId: 13, price: 20, image: 'x.png', description: '', status: 1, setmealDishes: [{ dishId: 46, name: '王老吉', price: 6, copies: 2 }] };
const NO_ORDER = 99_999_999;
const WEEK = 'begin=2023-07-01&end=2023-07-07';
// No report with a begin but no end, or after its end: the real server loops until it runs out of memory.

/** One fixture file per group, recorded and replayed in this order. */
export const GROUPS: Record<string, Case[]> = {
  '01-login': [
    send('login', 'POST', '/admin/employee/login', { username: 'admin', password: '123456' }, { token: 'none' }),
    send('login with a wrong password', 'POST', '/admin/employee/login', { username: 'admin', password: '654321' }, { token: 'none' }),
    send('login of an unknown user', 'POST', '/admin/employee/login', { username: 'nobody', password: '123456' }, { token: 'none' }),
    send('login without a password', 'POST', '/admin/employee/login', { username: 'admin' }, { token: 'none' }),
    post('login with malformed JSON', '/admin/employee/login', { token: 'none', headers: JSON_TYPE, body: '{"username":"admin",' }),
    post('login with an empty body', '/admin/employee/login', { token: 'none', headers: JSON_TYPE, body: '' }),
    post('login as text/plain', '/admin/employee/login', { token: 'none', headers: { 'content-type': 'text/plain' }, body: '{"username":"admin","password":"123456"}' }),
    post('login as a form', '/admin/employee/login', { token: 'none', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=admin&password=123456' }),
    get('login by GET', '/admin/employee/login', { token: 'none' }),
    post('logout', '/admin/employee/logout'),
    send('login with a number for the username', 'POST', '/admin/employee/login', { username: 123, password: '123456' }, { token: 'none' }),
    post('login with a trailing slash', '/admin/employee/login/', { token: 'none', headers: JSON_TYPE, body: '{"username":"admin","password":"123456"}' }),
    req('OPTIONS of login', 'OPTIONS', '/admin/employee/login', { token: 'none' }),
    send('login by PUT', 'PUT', '/admin/employee/login', { username: 'admin', password: '123456' }, { token: 'none' }),
  ],
  '02-token': [
    get('page without a token', '/admin/employee/page?page=1&pageSize=10', { token: 'none' }),
    get('page with an expired token', '/admin/employee/page?page=1&pageSize=10', { token: 'expired' }),
    get('page with a forged token', '/admin/employee/page?page=1&pageSize=10', { token: 'forged' }),
    get('page with a malformed token', '/admin/employee/page?page=1&pageSize=10', { token: 'malformed' }),
    get('a path with no handler', '/admin/nothing-here'),
    post('page by POST', '/admin/employee/page'),
  ],
  '03-employee': [
    get('page 1', '/admin/employee/page?page=1&pageSize=10'),
    get('page 0', '/admin/employee/page?page=0&pageSize=10'),
    get('a huge page size', '/admin/employee/page?page=1&pageSize=100000'),
    get('page size 0', '/admin/employee/page?page=1&pageSize=0'),
    get('page that is no number', '/admin/employee/page?page=abc&pageSize=10'),
    get('page by name', '/admin/employee/page?page=1&pageSize=10&name=%E7%AE%A1'),
    send('add', 'POST', '/admin/employee', EMPLOYEE),
    send('add a duplicate username', 'POST', '/admin/employee', EMPLOYEE),
    send('add without a name', 'POST', '/admin/employee', { username: 'noname' }),
    get('get by id', '/admin/employee/2'),
    get('get an id that does not exist', '/admin/employee/999999'),
    get('get an id that is no number', '/admin/employee/abc'),
    send('edit', 'PUT', '/admin/employee', { ...EMPLOYEE, id: 2, name: '录制员二' }),
    post('disable', '/admin/employee/status/0?id=2'),
    send('login of a disabled account', 'POST', '/admin/employee/login', { username: 'recorder', password: '123456' }, { token: 'none' }),
    post('enable an id that does not exist', '/admin/employee/status/1?id=999999'),
    send('edit password (no handler)', 'PUT', '/admin/employee/editPassword', { empId: 1, oldPassword: '123456', newPassword: '654321' }),
    get('a negative page size', '/admin/employee/page?page=1&pageSize=-1'),
    get('page by a name nobody has', '/admin/employee/page?page=1&pageSize=10&name=zzz'),
    send('add with a username too long', 'POST', '/admin/employee', { ...EMPLOYEE, username: 'u'.repeat(40) }),
    send('add with an emoji in the name', 'POST', '/admin/employee', { ...EMPLOYEE, username: 'emoji', name: '录制😀' }),
    send('add with an id that is no number', 'POST', '/admin/employee', { ...EMPLOYEE, username: 'badid', id: 'abc' }),
    send('add as text/plain', 'POST', '/admin/employee', EMPLOYEE, { headers: { 'content-type': 'text/plain' } }),
    send('edit an id that does not exist', 'PUT', '/admin/employee', { ...EMPLOYEE, id: 999999 }),
    post('a status that is no number', '/admin/employee/status/abc?id=2'),
    post('a status without an id', '/admin/employee/status/1'),
  ],
  '04-category': [
    get('page', '/admin/category/page?page=1&pageSize=10'),
    get('page of type 2', '/admin/category/page?page=1&pageSize=10&type=2'),
    get('page 0', '/admin/category/page?page=0&pageSize=10'),
    get('a huge page size', '/admin/category/page?page=1&pageSize=100000'),
    get('list of type 1', '/admin/category/list?type=1'),
    send('add', 'POST', '/admin/category', CATEGORY),
    send('add a duplicate name', 'POST', '/admin/category', CATEGORY),
    send('add with malformed JSON', 'POST', '/admin/category', '', { body: '{"name":' }),
    send('edit', 'PUT', '/admin/category', { id: 23, name: '录制分类二', type: 1, sort: 2 }),
    post('enable', '/admin/category/status/1?id=23'),
    req('delete one with dishes', 'DELETE', '/admin/category?id=11'),
    req('delete one with no dishes', 'DELETE', '/admin/category?id=23'),
    req('delete an id that does not exist', 'DELETE', '/admin/category?id=999999'),
    get('a negative page size', '/admin/category/page?page=1&pageSize=-1'),
    get('list without a type', '/admin/category/list'),
    send('add with a name too long', 'POST', '/admin/category', { ...CATEGORY, name: '名'.repeat(40) }),
    send('add with a type that is no number', 'POST', '/admin/category', { ...CATEGORY, name: '录制分类三', type: 'abc' }),
    post('a status of an id that does not exist', '/admin/category/status/1?id=999999'),
    req('delete without an id', 'DELETE', '/admin/category'),
    send('category by PATCH', 'PATCH', '/admin/category', CATEGORY),
    req('OPTIONS of category', 'OPTIONS', '/admin/category'),
  ],
  '05-dish': [
    get('page', '/admin/dish/page?page=1&pageSize=10'),
    get('page by name', '/admin/dish/page?page=1&pageSize=10&name=%E9%B1%BC'),
    get('page by category', '/admin/dish/page?page=1&pageSize=10&categoryId=11'),
    get('page 0', '/admin/dish/page?page=0&pageSize=10'),
    get('list by category', '/admin/dish/list?categoryId=11'),
    get('get by id', '/admin/dish/46'),
    get('get an id that does not exist', '/admin/dish/999999'),
    send('add', 'POST', '/admin/dish', DISH),
    send('add a duplicate name', 'POST', '/admin/dish', DISH),
    send('edit', 'PUT', '/admin/dish', { ...DISH, id: 70, name: '录制菜品二', flavors: [] }),
    post('stop selling', '/admin/dish/status/0?id=70'),
    req('delete one on sale', 'DELETE', '/admin/dish?ids=46'),
    req('delete a stopped one', 'DELETE', '/admin/dish?ids=70'),
    get('get an id that is no number', '/admin/dish/abc'),
    get('list without a category', '/admin/dish/list'),
    send('add with a price that is no number', 'POST', '/admin/dish', { ...DISH, name: '录制菜品三', price: 'abc' }),
    send('add without a category', 'POST', '/admin/dish', { ...DISH, name: '录制菜品四', categoryId: undefined }),
    req('delete with no ids', 'DELETE', '/admin/dish?ids='),
    req('delete an id that does not exist', 'DELETE', '/admin/dish?ids=999999'),
    post('a status of an id that does not exist', '/admin/dish/status/1?id=999999'),
  ],
  '06-setmeal': [
    get('page', '/admin/setmeal/page?page=1&pageSize=10'),
    send('add', 'POST', '/admin/setmeal', SETMEAL),
    send('add a duplicate name', 'POST', '/admin/setmeal', SETMEAL),
    get('get by id', '/admin/setmeal/32'),
    get('page with one', '/admin/setmeal/page?page=1&pageSize=10'),
    send('edit', 'PUT', '/admin/setmeal', { ...SETMEAL, id: 32, name: '录制套餐二' }),
    post('start selling', '/admin/setmeal/status/1?id=32'),
    req('delete one on sale', 'DELETE', '/admin/setmeal?ids=32'),
    post('stop selling', '/admin/setmeal/status/0?id=32'),
    req('delete a stopped one', 'DELETE', '/admin/setmeal?ids=32'),
    get('get an id that does not exist', '/admin/setmeal/999999'),
    req('delete with no ids', 'DELETE', '/admin/setmeal?ids='),
    send('add without dishes', 'POST', '/admin/setmeal', { ...SETMEAL, name: '录制套餐三', setmealDishes: [] }),
  ],
  '07-order': [
    get('search', '/admin/order/conditionSearch?page=1&pageSize=10', {}, 'shape'),
    get('search by status', '/admin/order/conditionSearch?page=1&pageSize=10&status=2', {}, 'shape'),
    get('statistics', '/admin/order/statistics', {}, 'shape'),
    get('details of an id that does not exist', `/admin/order/details/${NO_ORDER}`),
    send('confirm an id that does not exist', 'PUT', '/admin/order/confirm', { id: NO_ORDER }),
    send('reject an id that does not exist', 'PUT', '/admin/order/rejection', { id: NO_ORDER, rejectionReason: '录制' }),
    send('cancel an id that does not exist', 'PUT', '/admin/order/cancel', { id: NO_ORDER, cancelReason: '录制' }),
    req('deliver an id that does not exist', 'PUT', `/admin/order/delivery/${NO_ORDER}`),
    req('complete an id that does not exist', 'PUT', `/admin/order/complete/${NO_ORDER}`),
    get('search page 0', '/admin/order/conditionSearch?page=0&pageSize=10', {}, 'shape'),
    get('search by phone', '/admin/order/conditionSearch?page=1&pageSize=10&phone=13800000000', {}, 'shape'),
    get('search by time', '/admin/order/conditionSearch?page=1&pageSize=10&beginTime=2023-07-01%2000:00:00&endTime=2023-07-07%2023:59:59'),
    get('details of an id that is no number', '/admin/order/details/abc'),
    send('confirm with malformed JSON', 'PUT', '/admin/order/confirm', '', { body: '{"id":' }),
  ],
  '08-shop': [
    get('status before it was set', '/admin/shop/status'),
    req('close', 'PUT', '/admin/shop/0'),
    get('status', '/admin/shop/status'),
    req('open', 'PUT', '/admin/shop/1'),
  ],
  '09-workspace': [
    get('business data', '/admin/workspace/businessData', {}, 'shape'),
    get('orders overview', '/admin/workspace/overviewOrders', {}, 'shape'),
    get('dishes overview', '/admin/workspace/overviewDishes', {}, 'shape'),
    get('set meals overview', '/admin/workspace/overviewSetmeals', {}, 'shape'),
  ],
  '10-report': [
    get('turnover', `/admin/report/turnoverStatistics?${WEEK}`),
    get('users', `/admin/report/userStatistics?${WEEK}`),
    get('orders', `/admin/report/ordersStatistics?${WEEK}`),
    get('top 10', `/admin/report/top10?${WEEK}`),
    get('turnover without dates', '/admin/report/turnoverStatistics'),
    get('turnover with a malformed date', '/admin/report/turnoverStatistics?begin=2023-7-1x&end=2023-07-07'),
    get('export', '/admin/report/export'),
    get('top 10 with a malformed date', '/admin/report/top10?begin=2023/07/01&end=2023-07-07'),
  ],
  '11-upload': [
    post('upload without a token', '/admin/common/upload', { token: 'none', upload: { field: 'file', filename: 'a.png', type: 'image/png', size: 100 } }),
    post('upload', '/admin/common/upload', { upload: { field: 'file', filename: 'a.png', type: 'image/png', size: 100 } }),
    post('upload over 1 MB', '/admin/common/upload', { upload: { field: 'file', filename: 'big.png', type: 'image/png', size: 1_500_000 } }),
    post('upload in another part', '/admin/common/upload', { upload: { field: 'image', filename: 'a.png', type: 'image/png', size: 100 } }),
    post('upload as JSON', '/admin/common/upload', { headers: JSON_TYPE, body: '{}' }),
    post('upload of a name without a dot', '/admin/common/upload', { upload: { field: 'file', filename: 'noext', type: 'image/png', size: 100 } }),
    post('upload of an empty file', '/admin/common/upload', { upload: { field: 'file', filename: 'empty.png', type: 'image/png', size: 0 } }),
  ],
};

/** Sends every case to the real server at `base` and writes one fixture per group into `outDir`. */
export async function record(base: string, outDir: string, meta: { source: string; command: string }): Promise<void> {
  const tokens = await tokensFor(base);
  const today = dayOf(Date.now());
  mkdirSync(outDir, { recursive: true });
  for (const [group, cases] of Object.entries(GROUPS)) {
    const transcripts: Transcript[] = [];
    for (const c of cases) transcripts.push({ ...c, response: await exchange(base, c.request, tokens, today) });
    const file: TranscriptFile = { source: meta.source, recorded: new Date().toISOString(), command: meta.command, normalised: NORMALISED, transcripts };
    writeFileSync(join(outDir, `${group}.json`), `${JSON.stringify(file, null, 2)}\n`);
  }
}
