// The course's real admin server, when a run names one: HARNESS_REAL_ADMIN=HOST:PORT, started with
// `node bin/real-server.js SRC --stand-in-seed` (docs/testing.md). tests/real-admin.spec.ts puts it
// behind the harness; without it the spec is skipped, saying why (CI has no Java source).
import { SignJWT } from 'jose';
import { hostAndPort } from '../../harness/flags.js';
import type { Upstream } from '../../harness/stack/pass-through.js';
import { EMPLOYEES } from '../../stand-in/admin-server/employees.js';
import { asRow } from '../../scenarios/steps/browser.js';

export const REAL_ADMIN_UNSET =
  'HARNESS_REAL_ADMIN is not set: these tests need the course\'s real admin server. Start it with `node bin/real-server.js SRC --stand-in-seed` and give its address: HARNESS_REAL_ADMIN=127.0.0.1:PORT (docs/testing.md, "The real server behind the harness").';

/** The server HARNESS_REAL_ADMIN names (`127.0.0.1:8080`, or a port alone), or undefined. */
export function realAdmin(): Upstream | undefined {
  const given = process.env.HARNESS_REAL_ADMIN;
  return given ? hostAndPort('HARNESS_REAL_ADMIN')(given) : undefined;
}

const base = (u: Upstream) => `http://${u.host.includes(':') ? `[${u.host}]` : u.host}:${u.port}`;

/** A call straight to the server (not through the harness): its `Result` data; anything else throws, saying what came. */
async function direct(u: Upstream, path: string, init: RequestInit = {}): Promise<any> {
  let r: Response;
  try {
    r = await fetch(base(u) + path, init);
  } catch (e) {
    throw new Error(`nothing answers at ${base(u)} (HARNESS_REAL_ADMIN): ${(e as Error).cause ?? e}. Start the server with \`node bin/real-server.js SRC --stand-in-seed\`, wait for "ready at", and give the port it prints.`);
  }
  const body = await r.text();
  const json = r.status === 200 ? JSON.parse(body) : undefined;
  if (json?.code !== 1) throw new Error(`${init.method ?? 'GET'} ${base(u)}${path} answered ${r.status} ${body.slice(0, 200)}`);
  return json.data;
}

/** Why the server's employee table is not the stand-in's seed (which the paging scenarios check
 *  the browser against), or undefined when it is. */
export async function standInSeedMissing(u: Upstream): Promise<string | undefined> {
  const { token } = await direct(u, '/admin/employee/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"username":"admin","password":"123456"}' });
  const { total, records } = await direct(u, `/admin/employee/page?page=1&pageSize=${EMPLOYEES.length}`, { headers: { token } });
  const rows = JSON.stringify(records.map(asRow));
  if (total === EMPLOYEES.length && rows === JSON.stringify(EMPLOYEES.map(asRow))) return undefined;
  return `the server at ${base(u)} has ${total} employees, not the stand-in's ${EMPLOYEES.length}: these checks compare the list the browser shows with the stand-in's seed. Start the server with \`node bin/real-server.js SRC --stand-in-seed\`.`;
}

/** The course's user JWT (JwtUtil, HS256 over sky.jwt.user-secret-key `itheima`, claim userId), as the mini program sends it. */
const userToken = (userId: number) =>
  new SignJWT({ userId })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(Math.floor(Date.now() / 1000) + 3600)
    .sign(new TextEncoder().encode('itheima'));

/** A customer's 催单 for an order (GET /user/order/reminder/{id}): the server pushes type 2 to every open admin page. */
export async function remind(u: Upstream, orderId: number): Promise<void> {
  await direct(u, `/user/order/reminder/${orderId}`, { headers: { authentication: await userToken(1) } });
}
