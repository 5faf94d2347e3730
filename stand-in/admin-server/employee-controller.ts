// sky-server's EmployeeController (@RequestMapping("/admin/employee")) with EmployeeServiceImpl and
// EmployeeMapper behind it: login, logout, page, getById, save, update and startOrStop. There is no
// handler for PUT /admin/employee/editPassword (the front end's 修改密码): GET {id} takes its path,
// so it is a 405, as on the real server.
import { bindNumber, bindPaging, bindPath, bindString, parseQuery, type Dto } from './binding.js';
import { notNull, padSpace, duplicate, varchar } from './columns.js';
import { audit, type AdminContext } from './context.js';
import { LOGIN_PATH, SpringError, sendJson, type Exchange, type Route } from './dispatcher.js';
import { DEFAULT_PASSWORD_MD5, DISABLED, md5Hex, type Employee } from './employees.js';
import { success } from './json.js';
import { readJsonDto } from './json-body.js';
import { containsLike } from './like.js';
import { pageAnswer } from './paging.js';
import type { AdminState } from './state.js';

/** Result.error(MessageConstant.*) and Result.success(), precomputed. */
const ACCOUNT_NOT_FOUND = Buffer.from('{"code":0,"msg":"账号不存在","data":null}');
const PASSWORD_ERROR = Buffer.from('{"code":0,"msg":"密码错误","data":null}');
const ACCOUNT_LOCKED = Buffer.from('{"code":0,"msg":"账号被锁定","data":null}');
export const SUCCESS = Buffer.from(success());

const LOGIN_DTO = { username: 'string', password: 'string' } as const;
const EMPLOYEE_DTO = { id: 'long', username: 'string', name: 'string', phone: 'string', sex: 'string', idNumber: 'string' } as const;

export function employeeRoutes(ctx: AdminContext): Route[] {
  const { state } = ctx;
  return [
    { method: 'POST', path: LOGIN_PATH, handle: (x) => login(x, ctx) },
    { method: 'POST', path: '/admin/employee/logout', handle: (x) => sendJson(x, SUCCESS) },
    { method: 'GET', path: '/admin/employee/page', handle: (x) => page(x, state) },
    { method: 'POST', path: '/admin/employee/status/{status}', handle: (x) => startOrStop(x, state) },
    { method: 'GET', path: '/admin/employee/{id}', handle: (x) => byId(x, state) },
    { method: 'POST', path: '/admin/employee', handle: (x) => save(x, state) },
    { method: 'PUT', path: '/admin/employee', handle: (x) => update(x, state) },
  ];
}

/** `select * from employee where username = #{username}` (PAD SPACE: 'admin ' finds admin). */
function byUsername(state: AdminState, username: string | null): Employee | undefined {
  if (username === null) return undefined; // `username = NULL` matches nothing
  const wanted = padSpace(username);
  for (const e of state.employees.values()) if (padSpace(e.username) === wanted) return e;
  return undefined;
}

/** EmployeeServiceImpl.login: not found, then wrong password, then locked; a token on success. */
async function login(x: Exchange, { state, tokens }: AdminContext): Promise<void> {
  const dto = await readJsonDto(x, LOGIN_DTO);
  const employee = byUsername(state, dto.username as string | null);
  if (!employee) return sendJson(x, ACCOUNT_NOT_FOUND);
  if (dto.password === null) throw new SpringError(500); // password.getBytes(): NullPointerException
  if (md5Hex(dto.password as string) !== employee.password) return sendJson(x, PASSWORD_ERROR);
  if (employee.status === DISABLED) return sendJson(x, ACCOUNT_LOCKED);
  const token = await tokens.sign(employee.id, x.now);
  const vo = JSON.stringify({ id: employee.id, userName: employee.username, name: employee.name, token });
  sendJson(x, success(vo));
}

/** `page(EmployeePageQueryDTO)`: `name like %name%` on the display name, id order (no ORDER BY). */
function page(x: Exchange, state: AdminState): void {
  // Memoised by the query as sent, so that a repeated page costs no parsing (a query that fails to
  // bind throws, and is not kept).
  const body = state.memo(`employee/page?${x.query}`, () => {
    const params = parseQuery(x.query);
    const { page, pageSize } = bindPaging(params);
    const name = bindString(params, 'name');
    const rows = [...state.employees.values()];
    return pageAnswer(name ? rows.filter((e) => containsLike(name)(e.name)) : rows, page, pageSize, (e) => JSON.stringify(e));
  });
  sendJson(x, body);
}

/** `getById(@PathVariable Long id)`: the employee with password `****`; for an unknown id the service
 *  calls setPassword on null, a NullPointerException. */
function byId(x: Exchange, state: AdminState): void {
  const employee = state.employees.get(bindPath(x.params.id, 'long') as number);
  if (!employee) throw new SpringError(500);
  sendJson(x, success(JSON.stringify({ ...employee, password: '****' })));
}

/** The columns of `employee` a DTO writes, in table order, each checked as MySQL stores it. */
function employeeColumns(dto: Dto, insert: boolean): Partial<Employee> {
  const columns: [keyof Employee, string, number][] = [['name', 'name', 32], ['username', 'username', 32], ['phone', 'phone', 11], ['sex', 'sex', 2], ['idNumber', 'idNumber', 18]];
  const row: Partial<Employee> = {};
  for (const [column, field, max] of columns) {
    const value = dto[field] as string | null;
    if (value === null && !insert) continue; // update: only the non-null fields
    (row as Record<string, unknown>)[column] = varchar(insert ? notNull(value) : value, max);
  }
  return row;
}

/** EmployeeServiceImpl.save: status 1, the default password 123456 (MD5), the audit columns. */
async function save(x: Exchange, state: AdminState): Promise<void> {
  const dto = await readJsonDto(x, EMPLOYEE_DTO);
  const { time, user } = audit(x);
  state.write(() => {
    const columns = employeeColumns(dto, true);
    if (byUsername(state, columns.username!)) duplicate(columns.username!);
    const id = state.next.employee++;
    state.employees.set(id, {
      id, username: columns.username!, name: columns.name!, password: DEFAULT_PASSWORD_MD5, phone: columns.phone!, sex: columns.sex!,
      idNumber: columns.idNumber!, status: 1, createTime: time.slice(0, 16), updateTime: time.slice(0, 16), createUser: user ?? 0, updateUser: user ?? 0,
    });
  });
  sendJson(x, SUCCESS);
}

/** EmployeeServiceImpl.update: the DTO's non-null fields and the update audit columns; an unknown id
 *  changes nothing (and is no error). Password and status are never touched. */
async function update(x: Exchange, state: AdminState): Promise<void> {
  const dto = await readJsonDto(x, EMPLOYEE_DTO);
  const { time, user } = audit(x);
  state.write(() => {
    const old = state.employees.get(dto.id as number);
    if (!old) return;
    const columns = employeeColumns(dto, false);
    const other = columns.username === undefined ? undefined : byUsername(state, columns.username);
    if (other && other.id !== old.id) duplicate(columns.username!);
    state.employees.set(old.id, { ...old, ...columns, updateTime: time.slice(0, 16), updateUser: user ?? old.updateUser });
  });
  sendJson(x, SUCCESS);
}

/** startOrStop(@PathVariable Integer status, Long id): any status is stored; no check at all. */
function startOrStop(x: Exchange, state: AdminState): void {
  const status = bindPath(x.params.status, 'int') as number;
  const id = bindNumber(parseQuery(x.query), 'id', 'long');
  const { time, user } = audit(x);
  state.write(() => {
    const old = state.employees.get(id as number);
    if (old) state.employees.set(old.id, { ...old, status, updateTime: time.slice(0, 16), updateUser: user ?? old.updateUser });
  });
  sendJson(x, SUCCESS);
}
