// sky-server's EmployeeController (@RequestMapping("/admin/employee")) with EmployeeServiceImpl behind
// it: login, logout, page and getById answer as the real ones do; the endpoints that change data
// (save, update, startOrStop) are mapped, so that method matching and the token check behave as in
// the real app, but answer 501 once past the token check.
import { bindInt, bindJsonObject, bindString, parseJavaInteger, parseQuery, readBody } from './binding.js';
import { LOGIN_PATH, SpringError, sendJson, type Exchange, type Route } from './dispatcher.js';
import { DISABLED, SqlSyntaxError, employeeJson, getById, getByUsername, md5Hex, pageQuery, type EmployeePage } from './employees.js';
import type { AdminTokens } from './token.js';

/** Bodies past this are refused with 413 (the real server has no limit; this keeps memory bounded). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** Result.error(MessageConstant.*) and Result.success(), precomputed. */
const ACCOUNT_NOT_FOUND = Buffer.from('{"code":0,"msg":"账号不存在","data":null}');
const PASSWORD_ERROR = Buffer.from('{"code":0,"msg":"密码错误","data":null}');
const ACCOUNT_LOCKED = Buffer.from('{"code":0,"msg":"账号被锁定","data":null}');
const SUCCESS = Buffer.from('{"code":1,"msg":null,"data":null}');

const LOGIN_FIELDS = ['username', 'password'] as const;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export function employeeRoutes(tokens: AdminTokens): Route[] {
  const notImplemented = () => {
    throw new SpringError(501);
  };
  return [
    { method: 'POST', path: LOGIN_PATH, handle: (x) => login(x, tokens) },
    { method: 'POST', path: '/admin/employee/logout', handle: (x) => sendJson(x, SUCCESS) },
    { method: 'GET', path: '/admin/employee/page', handle: page },
    { method: 'POST', path: '/admin/employee/status/{status}', handle: notImplemented },
    { method: 'GET', path: '/admin/employee/{id}', handle: byId },
    { method: 'POST', path: '/admin/employee', handle: notImplemented },
    { method: 'PUT', path: '/admin/employee', handle: notImplemented },
  ];
}

/** EmployeeServiceImpl.login: not found, then wrong password, then locked; a token on success. */
async function login(x: Exchange, tokens: AdminTokens): Promise<void> {
  const dto = await loginBody(x);
  const employee = getByUsername(dto.username);
  if (!employee) return sendJson(x, ACCOUNT_NOT_FOUND);
  if (dto.password === null) throw new SpringError(500); // password.getBytes(): NullPointerException
  if (md5Hex(dto.password) !== employee.password) return sendJson(x, PASSWORD_ERROR);
  if (employee.status === DISABLED) return sendJson(x, ACCOUNT_LOCKED);
  const token = await tokens.sign(employee.id, x.now);
  const vo = JSON.stringify({ id: employee.id, userName: employee.username, name: employee.name, token });
  sendJson(x, `{"code":1,"msg":null,"data":${vo}}`);
}

/** `@RequestBody EmployeeLoginDTO`, as Spring reads it: the Content-Type must be JSON-compatible
 *  (415), the body must be there (400) and bind (400). */
async function loginBody(x: Exchange) {
  const contentType = x.req.headers['content-type'];
  const charset = contentType === undefined ? 'utf-8' : jsonCharset(contentType);
  if (charset === undefined) throw new SpringError(415);
  // No Content-Type: Spring takes a body as application/octet-stream, which no converter reads.
  if (contentType === undefined && Number(x.req.headers['content-length'] ?? 0) > 0) throw new SpringError(415);
  const body = await readBody(x.req, MAX_BODY_BYTES);
  if (body === 'too-large') throw new SpringError(413);
  if (contentType === undefined && body.length > 0) throw new SpringError(415);
  const dto = body.length > 0 ? bindJsonObject(decode(body, charset), LOGIN_FIELDS) : undefined;
  if (!dto) throw new SpringError(400); // no body, or not JSON Jackson can bind
  return dto;
}

/** The charset to read a body of this Content-Type with, if MappingJackson2HttpMessageConverter takes
 *  it (application/json, application/*+json, or a wildcard that covers them); undefined for a 415. */
function jsonCharset(contentType: string): string | undefined {
  const [mediaType, ...parameters] = contentType.split(';');
  const m = /^\s*([^/\s]+)\/([^/\s]+)\s*$/.exec(mediaType.toLowerCase());
  if (!m) return undefined; // not a media type at all
  const [, type, subtype] = m;
  if (type === '*' && subtype !== '*') return undefined; // Spring: "wildcard type is legal only in '*/*'"
  const json = type === '*' || (type === 'application' && (subtype === '*' || subtype === 'json' || subtype.endsWith('+json')));
  if (!json) return undefined;
  const label = parameters.map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(p)?.[1]).find(Boolean);
  if (label === undefined || /^utf-?8$/i.test(label)) return 'utf-8';
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined; // an unknown charset makes the media type invalid: 415
  }
}

/** UTF-8 (Jackson's own decoder) is strict; other charsets go through a Reader that replaces bad bytes. */
function decode(body: Buffer, charset: string): string {
  if (charset !== 'utf-8') return new TextDecoder(charset).decode(body);
  try {
    return utf8.decode(body);
  } catch {
    throw new SpringError(400);
  }
}

/** `page(EmployeePageQueryDTO)`: page, pageSize and name bound from the query string. */
function page(x: Exchange): void {
  const params = parseQuery(x.query);
  const pageNo = bindInt(params, 'page');
  const pageSize = bindInt(params, 'pageSize');
  if (pageNo === undefined || pageSize === undefined) throw new SpringError(400); // BindException
  const name = bindString(params, 'name');
  let result: EmployeePage;
  try {
    result = pageQuery(name, pageNo, pageSize);
  } catch (err) {
    if (err instanceof SqlSyntaxError) throw new SpringError(500); // BadSqlGrammarException
    throw err;
  }
  sendJson(x, name === null ? cachedPageBody(result, pageNo, pageSize) : pageBody(result));
}

function pageBody({ total, records }: EmployeePage): string {
  return `{"code":1,"msg":null,"data":{"total":${total},"records":[${records.map(employeeJson).join(',')}]}}`;
}

/** Unfiltered pages are the same bytes every time: keep the recent ones. */
const pageCache = new Map<string, Buffer>();

function cachedPageBody(result: EmployeePage, pageNo: number, pageSize: number): Buffer {
  const key = `${pageNo}:${pageSize}`;
  let body = pageCache.get(key);
  if (!body) {
    if (pageCache.size >= 256) pageCache.clear();
    body = Buffer.from(pageBody(result));
    pageCache.set(key, body);
  }
  return body;
}

/** `getById(@PathVariable Long id)`: the employee with password `****`; for an unknown id the service
 *  calls setPassword on null, a NullPointerException. */
function byId(x: Exchange): void {
  const id = parseJavaInteger(x.params.id, 'long');
  if (id === undefined) throw new SpringError(400); // MethodArgumentTypeMismatchException
  const employee = getById(id);
  if (!employee) throw new SpringError(500);
  sendJson(x, `{"code":1,"msg":null,"data":${JSON.stringify({ ...employee, password: '****' })}}`);
}
