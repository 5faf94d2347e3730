// Shared by the stand-in's specs (stand-in/admin-server/*.spec.ts): an AdminStandIn on a free port, and the three ways
// the tests talk to it (undici over the exact loopback address, and raw sockets for what undici
// would not send as given).
import { test, type TestInfo } from '@playwright/test';
import getPort from 'get-port';
import net from 'node:net';
import { Agent, request } from 'undici';
import { AdminStandIn, type AdminStandInOptions } from '../../stand-in/admin-server/server.js';

export async function startAdmin(opts: Partial<AdminStandInOptions> = {}): Promise<AdminStandIn> {
  const server = new AdminStandIn({ port: await getPort(), ...opts });
  await server.start();
  return server;
}

/** The stand-in with sky.sql's employee table (admin alone, the next id 2), as the real server's
 *  database was when its transcripts were recorded. */
export async function startSkySqlAdmin(opts: Partial<AdminStandInOptions> = {}): Promise<AdminStandIn> {
  const admin = await startAdmin(opts);
  admin.state.write(() => {
    admin.state.employees = new Map([[1, admin.state.employees.get(1)!]]);
    admin.state.next.employee = 2;
  });
  return admin;
}

export const ipv4 = (server: AdminStandIn) => `http://127.0.0.1:${server.port}`;
export const ipv6 = (server: AdminStandIn) => `http://[::1]:${server.port}`;

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Sent as the body with Content-Type application/json. */
  json?: unknown;
  /** The JWT, sent in header `token`. */
  token?: string;
  /** On a new connection of its own, not one kept alive from an earlier call (which a server
   *  restarted since would have closed). */
  fresh?: boolean;
}

export async function call(url: string, opts: CallOptions = {}): Promise<Reply> {
  const headers = { ...opts.headers };
  let body = opts.body;
  if (opts.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(opts.json);
  }
  if (opts.token !== undefined) headers.token = opts.token;
  const dispatcher = opts.fresh ? new Agent() : undefined;
  try {
    const r = await request(url, { method: (opts.method ?? (body === undefined ? 'GET' : 'POST')) as 'GET', headers, body, dispatcher });
    return { status: r.statusCode, headers: r.headers, text: await r.body.text() };
  } finally {
    await dispatcher?.destroy();
  }
}

export const ADMIN_LOGIN = { username: 'admin', password: '123456' };

/** Logs admin in and returns the token. */
export async function adminToken(base: string): Promise<string> {
  const r = await call(`${base}/admin/employee/login`, { json: ADMIN_LOGIN });
  const token = /"token":"([^"]+)"/.exec(r.text)?.[1];
  if (!token) throw new Error(`login failed: ${r.status} ${r.text}`);
  return token;
}

/** An error page of Spring Boot's BasicErrorController, as the app's JacksonObjectMapper writes it. */
export function springError(text: string): { timestamp: number; status: number; error: string; path: string } {
  const parsed = JSON.parse(text);
  if (Object.keys(parsed).join() !== 'timestamp,status,error,path') throw new Error(`not a Spring error body: ${text}`);
  return parsed;
}

export interface RawReply {
  status: number;
  head: string;
  headers: Record<string, string>;
  /** The body, chunked framing removed when it was chunked. */
  body: string;
  /** Everything received, as sent. */
  raw: string;
}

/** Writes `data` on a fresh socket and collects everything until the server closes it (so a 1.1
 *  request must say `Connection: close`). Write errors after the server answered are ignored. */
export function rawExchange(port: number, data: string | Buffer | (string | Buffer)[], host = '127.0.0.1'): Promise<RawReply> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(parseRaw(Buffer.concat(chunks))));
    for (const part of Array.isArray(data) ? data : [data]) socket.write(part);
  });
}

function parseRaw(buffer: Buffer): RawReply {
  const raw = buffer.toString('utf8');
  const split = buffer.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : buffer.subarray(0, split).toString('latin1');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = split < 0 ? Buffer.alloc(0) : buffer.subarray(split + 4);
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
  return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), head, headers, body: body.toString('utf8'), raw };
}

function unchunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf('\r\n', at);
    const size = parseInt(data.subarray(at, eol).toString('latin1'), 16);
    if (eol < 0 || !(size > 0)) return Buffer.concat(parts);
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/** A listener that holds `port` on `host`, for port-taken tests. */
export async function occupy(port: number, host: string): Promise<net.Server> {
  const blocker = net.createServer();
  await new Promise<void>((resolve, reject) => {
    blocker.once('error', reject);
    blocker.listen({ port, host, ipv6Only: host === '::1' }, resolve);
  });
  return blocker;
}

export function release(blocker: net.Server): Promise<void> {
  return new Promise((resolve) => blocker.close(() => resolve()));
}

/** A logged-in client of one AdminStandIn: each call answers the status, the text and the JSON. */
export interface Api {
  base: string;
  token: string;
  get(path: string): Promise<ApiReply>;
  send(method: string, path: string, body?: unknown): Promise<ApiReply>;
}

export interface ApiReply extends Reply {
  json: { code: number; msg: string | null; data: any } & Record<string, any>;
}

export async function apiClient(server: AdminStandIn): Promise<Api> {
  const base = ipv4(server);
  const token = await adminToken(base);
  const reply = async (r: Reply): Promise<ApiReply> => {
    let json: ApiReply['json'];
    try {
      json = JSON.parse(r.text);
    } catch {
      json = undefined as never;
    }
    return { ...r, json };
  };
  return {
    base,
    token,
    get: async (path) => reply(await call(base + path, { token })),
    send: async (method, path, body) =>
      reply(await call(base + path, { method, token, ...(body === undefined ? {} : typeof body === 'string' ? { body, headers: { 'content-type': 'application/json' } } : { json: body }) })),
  };
}

export const OK = '{"code":1,"msg":null,"data":null}';
export const failed = (msg: string) => `{"code":0,"msg":${JSON.stringify(msg)},"data":null}`;

/** A fixed local time, 2023-07-13 15:30:00 (a Thursday), for answers that depend on the day. */
export const JULY_13 = new Date(2023, 6, 13, 15, 30, 0).getTime();

/** A fresh AdminStandIn and a logged-in client for each test of the file (stopped after it). */
export function adminPerTest(opts: Partial<AdminStandInOptions> | ((testInfo: TestInfo) => Partial<AdminStandInOptions>) = {}): { readonly admin: AdminStandIn; readonly api: Api } {
  const current: { admin?: AdminStandIn; api?: Api } = {};
  test.beforeEach(async ({}, testInfo) => {
    current.admin = await startAdmin({ mode: 'ipv4', ...(typeof opts === 'function' ? opts(testInfo) : opts) });
    current.api = await apiClient(current.admin);
  });
  test.afterEach(async () => current.admin?.stop());
  return {
    get admin() {
      return current.admin!;
    },
    get api() {
      return current.api!;
    },
  };
}

/** An order stamped inside the open interval (day 00:00, day 23:59:59.999…) the figures count. */
export const orderedOn = (o: { orderTime: string }, day: string) => o.orderTime.startsWith(day) && !o.orderTime.endsWith(' 00:00:00');

/** Java's Double.toString for the figures' range (whole numbers keep `.0`). */
export const javaDouble = (d: number) => (Number.isInteger(d) ? `${d}.0` : String(d));
