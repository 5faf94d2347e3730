#!/usr/bin/env node
// A developer's tool, not part of `npm test`: the course's real admin server (sky-take-out's
// sky-server) run here, with MariaDB and Redis of its own, to compare the stand-in with it.
//
//   node bin/real-server.js SRC [--sql FILE] [--port N] [--wait S] [--stand-in-seed] [--record [DIR] --commit SHA]
//   node bin/real-server.js SRC --capture-failures DIR
//
// SRC (or SKY_TAKE_OUT_SRC) is a checkout of the course's repository, outside this one: the folder
// that holds `sky-take-out/pom.xml` or that folder itself. The schema is `--sql FILE`, or the first
// sky.sql found under SRC. It needs Java 17, Maven, and Debian's mariadb-server and redis-server.
// Every server listens on 127.0.0.1 only, on a free port, with its files in a temp folder; the
// script stops them all by pid when it ends (Ctrl-C, SIGTERM, a step that failed).
// With --record it records the golden transcripts (tests/support/real-server-cases.ts, from dist/:
// `node bin/build.js` first) into DIR (default harness/check-server/transcripts) and stops; --commit names
// the source's commit in them when SRC is no git checkout. With --stand-in-seed the database gets the
// stand-in's 86 employees and one paid order on top of sky.sql (from dist/: `node bin/build.js` first),
// so that tests/real-admin.spec.ts can page, fault and remind as it does on the stand-in.
// With --capture-failures DIR it makes the server fail as students meet it (port in use, MySQL closed,
// wrong password, unknown database, no url, no profile, forged and expired tokens, a request's 500,
// Redis then MariaDB stopped under it), writes each server's whole output to DIR/NAME.log and what
// each request got, and how long it took, to DIR/capture.json, and stops: the doctor's real fixtures
// (tests/fixtures/server-logs/README.md, the `real` ones) are cut from these.
import { execaSync, execa } from 'execa';
import getPort from 'get-port';
import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';

const argv = yargs(hideBin(process.argv))
  .usage('node bin/real-server.js SRC [--sql FILE] [--port N] [--wait S] [--stand-in-seed] [--record [DIR] --commit SHA]')
  .option('sql', { type: 'string', describe: 'the schema (default: the first sky.sql under SRC)' })
  .option('port', { type: 'number', describe: 'the server port (default: a free one)' })
  .option('wait', { type: 'number', default: 600, describe: 'seconds to wait for Spring to start (it took 300 s on a busy 2-core machine)' })
  .option('stand-in-seed', { type: 'boolean', describe: 'add the stand-in\'s employees and one paid order to sky.sql (for tests/real-admin.spec.ts)' })
  .option('record', { type: 'string', describe: 'record the golden transcripts into DIR (default harness/check-server/transcripts) and stop' })
  .option('capture-failures', { type: 'string', describe: 'capture the server\'s logs of the failures students meet into DIR, then stop (implies --stand-in-seed)' })
  .option('commit', { type: 'string', describe: 'the source\'s commit, written into the transcripts (default: git rev-parse HEAD in SRC)' })
  .strictOptions()
  .help()
  .parseSync();

/** A problem the user can fix: its message (with the failing tool's last output), no stack, exit 1. */
class Refusal extends Error {}

const started = [];
let workDir;

/** Runs one step, printing how long it took. */
async function step(name, fn) {
  const t = Date.now();
  process.stdout.write(`real-server: ${name} …\n`);
  const value = await fn();
  process.stdout.write(`real-server: ${name}: ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
  return value;
}

function sourceFolder() {
  const given = argv._[0] ?? process.env.SKY_TAKE_OUT_SRC;
  if (!given) throw new Refusal('name the course\'s source folder: node bin/real-server.js SRC (or set SKY_TAKE_OUT_SRC). Get it with: git clone https://github.com/shuhongfan/sky-take-out SRC');
  const src = resolve(String(given));
  for (const project of [src, join(src, 'sky-take-out')]) {
    if (existsSync(join(project, 'pom.xml')) && existsSync(join(project, 'sky-server'))) return { src, project };
  }
  throw new Refusal(`${src} holds no sky-take-out Maven project (pom.xml and sky-server/): name the course's checkout, or its sky-take-out folder`);
}

function findSql(src) {
  if (argv.sql) {
    if (!existsSync(argv.sql)) throw new Refusal(`--sql ${argv.sql}: no such file`);
    return resolve(argv.sql);
  }
  const queue = [src];
  while (queue.length) {
    const dir = queue.shift();
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isFile() && e.name === 'sky.sql') return join(dir, e.name);
      if (e.isDirectory() && !e.name.startsWith('.') && e.name !== 'target' && e.name !== 'node_modules') queue.push(join(dir, e.name));
    }
  }
  throw new Refusal(`no sky.sql under ${src}: give the schema with --sql FILE (the course's 资料/day01/数据库/sky.sql)`);
}

/** The tools, each with how to get it. */
function checkTools() {
  const missing = [
    ['java', 'a JDK 17 (apt-get install -y openjdk-17-jdk-headless)'],
    ['mvn', 'Maven (apt-get install -y maven)'],
    ['mariadb-install-db', 'apt-get install -y mariadb-server'],
    ['mariadbd', 'apt-get install -y mariadb-server'],
    ['mariadb', 'apt-get install -y mariadb-server'],
    ['redis-server', 'apt-get install -y redis-server'],
  ].filter(([cmd]) => execaSync('sh', ['-c', `command -v ${cmd} || test -x /usr/sbin/${cmd}`], { reject: false }).exitCode !== 0);
  if (missing.length) throw new Refusal(`missing: ${missing.map(([cmd, how]) => `${cmd} (${how})`).join(', ')}`);
}

/** A long-running server we started: kept so that every exit stops it by pid. */
function spawnServer(name, file, args, opts = {}, keepAll = false) {
  const child = execa(file, args, { reject: false, buffer: false, stdin: 'ignore', ...opts });
  const output = [];
  const keep = (chunk) => {
    output.push(chunk);
    if (!keepAll && output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server = { name, child, output: () => Buffer.concat(output).toString() };
  started.push(server);
  return server;
}

/** A command that ends by itself (the build), stopped with the servers if the script is stopped first. */
async function runTracked(name, file, args, opts = {}) {
  const child = execa(file, args, { reject: false, all: true, stdin: 'ignore', ...opts });
  const entry = { name, child };
  started.push(entry);
  const result = await child;
  if (started.includes(entry)) started.splice(started.indexOf(entry), 1);
  return result;
}

/** Waits until `ready()` answers true, or the server exits, or the time runs out. */
async function waitFor(server, ready, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Refusal(`${server.name} ended before it was ready; its last output:\n${server.output().slice(-3000)}`);
    }
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Refusal(`${server.name} was not ready after ${ms / 1000} s; its last output:\n${server.output().slice(-3000)}`);
}

async function build(project) {
  const r = await runTracked('mvn', 'mvn', ['-B', '-q', '-DskipTests', '-Dlombok=1.18.30', 'package'], { cwd: project });
  // Lombok 1.18.20 (the pom's property `lombok`) does not run on JDK 17: 1.18.30 is given on the command line.
  if (r.exitCode !== 0) throw new Refusal(`mvn package failed (exit ${r.exitCode}):\n${r.all.slice(-4000)}`);
  const jar = join(project, 'sky-server', 'target', 'sky-server-1.0-SNAPSHOT.jar');
  if (!existsSync(jar)) throw new Refusal(`the build made no ${jar}`);
  return jar;
}

/** The SQL that gives the database the stand-in's employees (sky.sql has admin, id 1) and one paid order
 *  waiting to be taken (待接单), with one dish: the rows tests/real-admin.spec.ts pages through and reminds of. */
async function standInSeedSql() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const employees = join(root, 'dist', 'stand-in', 'admin-server', 'employees.js');
  if (!existsSync(employees)) throw new Refusal(`no ${employees}: run node bin/build.js first`);
  const { EMPLOYEES } = await import(employees);
  const text = (v) => `'${String(v).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const rows = EMPLOYEES.filter((e) => e.id !== 1).map((e) =>
    `(${[e.id, text(e.name), text(e.username), text(e.password), text(e.phone), text(e.sex), text(e.idNumber), e.status, text(`${e.createTime}:00`), text(`${e.updateTime}:00`), e.createUser, e.updateUser].join(',')})`);
  return [
    `insert into employee (id, name, username, password, phone, sex, id_number, status, create_time, update_time, create_user, update_user) values ${rows.join(',\n')};`,
    "insert into orders (id, number, status, user_id, address_book_id, order_time, checkout_time, pay_method, pay_status, amount, phone, address, consignee, estimated_delivery_time, delivery_status, pack_amount, tableware_number, tableware_status) values (1, '1700000000001', 2, 1, 1, now(), now(), 1, 1, 63.00, '13812345678', '北京市海淀区中关村1号', '张三', now() + interval 1 hour, 1, 1, 1, 1);",
    "insert into order_detail (name, order_id, dish_id, number, amount) values ('老坛酸菜鱼', 1, 51, 1, 56.00);",
  ].join('\n');
}

/** Stops one server we started, by pid; SIGKILL if it has not ended in 15 s. */
async function stopServer(server) {
  if (started.includes(server)) started.splice(started.indexOf(server), 1);
  const { name, child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const gone = await Promise.race([child.then(() => true), new Promise((r) => setTimeout(() => r(false), 15_000))]);
  if (!gone) {
    process.stdout.write(`real-server: ${name} (pid ${child.pid}) did not stop in 15 s: killed\n`);
    child.kill('SIGKILL');
    await child;
  }
  process.stdout.write(`real-server: stopped ${name} (pid ${child.pid})\n`);
}

async function startMariaDb(sql) {
  const dataDir = join(workDir, 'mariadb');
  const socket = join(workDir, 'mariadb.sock');
  const asRoot = process.getuid?.() === 0 ? [`--user=${userInfo().username}`] : [];
  const install = await runTracked('mariadb-install-db', 'mariadb-install-db', ['--no-defaults', `--datadir=${dataDir}`, '--auth-root-authentication-method=normal', '--skip-test-db', ...asRoot]);
  if (install.exitCode !== 0) throw new Refusal(`mariadb-install-db failed:\n${install.all.slice(-3000)}`);
  const port = await getPort({ host: '127.0.0.1' });
  const mariadbd = existsSync('/usr/sbin/mariadbd') ? '/usr/sbin/mariadbd' : 'mariadbd';
  const server = spawnServer('MariaDB', mariadbd, ['--no-defaults', `--datadir=${dataDir}`, `--socket=${socket}`, `--port=${port}`, '--bind-address=127.0.0.1',
    `--pid-file=${join(workDir, 'mariadb.pid')}`, '--skip-log-bin', '--character-set-server=utf8mb4', '--default-time-zone=+08:00', ...asRoot]);
  const client = (args, opts) => execa('mariadb', ['--no-defaults', `--socket=${socket}`, '-uroot', ...args], { reject: false, all: true, ...opts });
  await waitFor(server, async () => (await client(['-e', 'select 1'])).exitCode === 0, 60_000);
  const load = await client([], { inputFile: sql });
  if (load.exitCode !== 0) throw new Refusal(`loading ${sql} failed:\n${load.all.slice(-3000)}`);
  if (argv.standInSeed || argv.captureFailures !== undefined) {
    const seeded = await client(['sky_take_out'], { input: await standInSeedSql() });
    if (seeded.exitCode !== 0) throw new Refusal(`adding the stand-in's seed failed:\n${seeded.all.slice(-3000)}`);
  }
  // sky.sql (day 1) keeps admin's password as text; the course's day 2 stores MD5, which the login compares.
  // A root password, since the JDBC URL logs in over TCP.
  const setup = await client(['sky_take_out', '-e', "update employee set password = md5('123456') where password = '123456'; alter user 'root'@'localhost' identified by '123456'; flush privileges;"]);
  if (setup.exitCode !== 0) throw new Refusal(`setting up the database failed:\n${setup.all}`);
  return { port, server };
}

async function startRedis() {
  const dir = join(workDir, 'redis');
  mkdirSync(dir);
  const port = await getPort({ host: '127.0.0.1' });
  const server = spawnServer('Redis', 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no']);
  await waitFor(server, () => server.output().includes('Ready to accept connections'), 30_000);
  return { port, server };
}

/** Starts the jar with its settings on the command line. `changes` replaces settings (undefined drops
 *  one), `only` keeps those whose names match, `extra` adds arguments; `until` is 'started' (wait for Spring) or 'spawned'. */
async function startServer(jar, dbPort, redisPort, { name = 'the admin server', port, changes = {}, only = /./, extra = [], until = 'started', keepAll = false } = {}) {
  port ??= argv.port ?? (await getPort({ host: '127.0.0.1' }));
  const defaults = {
    'server.port': port,
    'server.address': '127.0.0.1',
    'sky.datasource.host': '127.0.0.1',
    'sky.datasource.port': dbPort,
    'sky.datasource.username': 'root',
    'sky.datasource.password': '123456',
    'sky.redis.host': '127.0.0.1',
    'sky.redis.port': redisPort,
    'sky.redis.database': 10,
    // Dummies: no upload reaches OSS and no payment reaches WeChat here.
    'sky.alioss.endpoint': 'oss-cn-hangzhou.aliyuncs.com',
    'sky.alioss.access-key-id': 'dummy',
    'sky.alioss.access-key-secret': 'dummy',
    'sky.alioss.bucket-name': 'dummy',
    'sky.wechat.appid': 'dummy',
    'sky.wechat.secret': 'dummy',
    'sky.wechat.mchid': 'dummy',
    'sky.wechat.mchSerialNo': 'dummy',
    'sky.wechat.privateKeyFilePath': join(workDir, 'none.pem'),
    'sky.wechat.apiV3Key': 'dummy',
    'sky.wechat.weChatPayCertFilePath': join(workDir, 'none.pem'),
    'sky.wechat.notifyUrl': 'http://127.0.0.1/none',
    'sky.wechat.refundNotifyUrl': 'http://127.0.0.1/none',
  };
  const settings = Object.entries({ ...defaults, ...changes }).filter(([k, v]) => v !== undefined && only.test(k));
  // Tomcat's work folders go in the temp folder the script removes, not in /tmp.
  const args = [`-Djava.io.tmpdir=${workDir}`, '-jar', jar, ...settings.map(([k, v]) => `--${k}=${v}`), ...extra];
  const server = spawnServer(name, 'java', args, { env: { TZ: 'Asia/Shanghai' } }, keepAll);
  server.command = `java ${args.join(' ')}`;
  if (until === 'started') await waitFor(server, () => /Started SkyApplication/.test(server.output()), argv.wait * 1000);
  return { port, server };
}

/** Stops every server we started, newest first, by pid; then removes the temp folder. */
async function stopAll() {
  for (const server of started.slice().reverse()) await stopServer(server);
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}

/** What --record needs, checked before anything starts. */
async function recordPlan(project) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const cases = join(root, 'dist', 'tests', 'support', 'real-server-cases.js');
  if (!existsSync(cases)) throw new Refusal(`no ${cases}: run node bin/build.js first`);
  const commit = argv.commit ?? execaSync('git', ['-C', project, 'rev-parse', 'HEAD'], { reject: false }).stdout;
  if (!commit) throw new Refusal(`${project} is no git checkout: name its commit with --commit SHA`);
  const { record } = await import(cases);
  return {
    record,
    out: resolve(argv.record || join(root, 'harness', 'check-server', 'transcripts')),
    meta: { source: `shuhongfan/sky-take-out@${commit}`, command: `node bin/real-server.js SRC --record --commit ${commit}` },
  };
}

/** One request, with how long it took and what came back (or that nothing came in `seconds`). */
async function request(base, path, { token, body, seconds = 90 } = {}) {
  const t = Date.now();
  const headers = { ...(token === undefined ? {} : { token }), ...(body ? { 'content-type': 'application/json' } : {}) };
  try {
    const res = await fetch(base + path, { method: body ? 'POST' : 'GET', headers, body: body && JSON.stringify(body), signal: AbortSignal.timeout(seconds * 1000) });
    return { path, status: res.status, body: (await res.text()).slice(0, 300), seconds: (Date.now() - t) / 1000 };
  } catch (e) {
    return { path, error: e.name === 'TimeoutError' ? `no answer in ${seconds} s` : String(e.cause ?? e), seconds: (Date.now() - t) / 1000 };
  }
}

/** A token the way jjwt 0.9.1 signs it (HS256, the key's UTF-8 bytes), with the claims given. */
function jwt(secret, claims) {
  const part = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', Buffer.from(secret, 'utf8')).update(unsigned).digest('base64url')}`;
}

const login = (base, seconds) => request(base, '/admin/employee/login', { body: { username: 'admin', password: '123456' }, seconds });

/** The failures students meet, each caught in the real server's own output (see --capture-failures). */
async function captureFailures({ jar, project, db, redis, main }) {
  const out = resolve(argv.captureFailures || 'server-logs-captured');
  mkdirSync(out, { recursive: true });
  const report = { date: new Date().toISOString(), jar, scenarios: {} };
  const keep = (name, server, requests, note) => {
    writeFileSync(join(out, `${name}.log`), server.output());
    report.scenarios[name] = { command: server.command?.replace(jar, 'sky-server-1.0-SNAPSHOT.jar'), requests, note, exit: server.child.exitCode };
    process.stdout.write(`real-server: captured ${name}: ${JSON.stringify(requests)}\n`);
  };
  // The application.yml of the build with its druid url line taken out: Spring then has no url at all.
  const noUrl = join(workDir, 'no-url');
  mkdirSync(noUrl);
  const yml = readFileSync(join(project, 'sky-server', 'src', 'main', 'resources', 'application.yml'), 'utf8');
  writeFileSync(join(noUrl, 'application.yml'), yml.split('\n').filter((l) => !/^\s+url: jdbc:mysql/.test(l)).join('\n'));
  const closedPort = await getPort({ host: '127.0.0.1' });
  const others = [
    { name: 'port-in-use', port: main.port },
    { name: 'mysql-closed-port', changes: { 'sky.datasource.port': closedPort }, login: true },
    { name: 'mysql-wrong-password', changes: { 'sky.datasource.password': 'wrong-password' }, login: true },
    { name: 'mysql-unknown-database', changes: { 'sky.datasource.database': 'sky_takeout' }, login: true },
    { name: 'no-datasource-url', extra: [`--spring.config.location=file:${noUrl}/`] },
    // application.yml without `spring.profiles.active: dev` and nothing else given: application-dev.yml is not read.
    { name: 'no-profile', only: /^server\./, extra: ['--spring.profiles.active=default'], login: true },
  ];
  // Three at a time: each is a JVM starting on a shared machine.
  const queue = others.slice();
  await Promise.all([0, 1, 2].map(async () => {
    for (let o = queue.shift(); o; o = queue.shift()) {
      const { port, server } = await startServer(jar, db.port, redis.port, { name: o.name, port: o.port, changes: o.changes, only: o.only, extra: o.extra, until: 'spawned', keepAll: true });
      const ended = () => server.child.exitCode !== null || server.child.signalCode !== null;
      const deadline = Date.now() + argv.wait * 1000;
      while (!ended() && !/Started SkyApplication/.test(server.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
      const requests = o.login && !ended() ? [await login(`http://127.0.0.1:${port}`, 60)] : [];
      keep(o.name, server, requests, ended() ? 'the server ended' : 'the server kept running');
      await stopServer(server);
    }
  }));
  // On the main server, one after another: the tokens, a 500, then Redis and MariaDB stopped under it.
  const mark = () => main.server.output().length;
  const slice = async (name, fn, note) => {
    const from = mark();
    const requests = await fn();
    writeFileSync(join(out, `${name}.log`), main.server.output().slice(from));
    report.scenarios[name] = { requests, note, startup: 'main.log' };
    process.stdout.write(`real-server: captured ${name}: ${JSON.stringify(requests)}\n`);
  };
  const base = `http://127.0.0.1:${main.port}`;
  const signedIn = await login(base);
  const token = signedIn.status === 200 && JSON.parse(signedIn.body).data?.token;
  if (!token) throw new Refusal(`admin could not log in: ${JSON.stringify(signedIn)}`);
  await slice('jwt-forged-and-expired', async () => [
    await request(base, '/admin/employee/page?page=1&pageSize=10', { token: jwt('not-itcast', { empId: 1, exp: Math.floor(Date.now() / 1000) + 3600 }) }),
    await request(base, '/admin/employee/page?page=1&pageSize=10', { token: jwt('itcast', { empId: 1, exp: Math.floor(Date.now() / 1000) - 60 }) }),
    await request(base, '/admin/employee/page?page=1&pageSize=10', { token: 'not-a-token' }),
  ]);
  await slice('order-details-500', async () => [await request(base, '/admin/order/details/1', { token })]);
  await slice('redis-stopped', async () => {
    await stopServer(redis.server);
    return [await request(base, '/admin/shop/status', { token }), await request(base, '/admin/shop/status', { token })];
  });
  await slice('mysql-stopped', async () => {
    await stopServer(db.server);
    return [await request(base, '/admin/employee/page?page=1&pageSize=10', { token }), await request(base, '/admin/category/page?page=1&pageSize=10', { token })];
  });
  report.scenarios.main = { command: main.server.command.replace(jar, 'sky-server-1.0-SNAPSHOT.jar') };
  writeFileSync(join(out, 'main.log'), main.server.output());
  writeFileSync(join(out, 'capture.json'), JSON.stringify(report, null, 2) + '\n');
}

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  await stopAll();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(0));

try {
  const { src, project } = sourceFolder();
  const sql = findSql(src);
  checkTools();
  const recording = argv.record === undefined ? undefined : await recordPlan(project);
  workDir = mkdtempSync(join(tmpdir(), 'sky-real-server-'));
  const jar = await step('build (mvn package)', () => build(project));
  const db = await step('MariaDB: start and load sky.sql', () => startMariaDb(sql));
  const redis = await step('Redis: start', () => startRedis());
  const capturing = argv.captureFailures !== undefined;
  const main = await step('the admin server: start', () => startServer(jar, db.port, redis.port, { keepAll: capturing }));
  const base = `http://127.0.0.1:${main.port}`;
  process.stdout.write(`real-server: ready at ${base} (MariaDB 127.0.0.1:${db.port}, Redis 127.0.0.1:${redis.port}); Ctrl-C stops all\n`);
  if (recording) {
    await step('record', () => recording.record(base, recording.out, recording.meta));
    await stop(0);
  }
  if (capturing) {
    await step('capture the failures', () => captureFailures({ jar, project, db, redis, main }));
    await stop(0);
  }
} catch (e) {
  // A step cut short by Ctrl-C fails as its servers stop: that is no error of its own.
  if (!stopping) process.stderr.write(`real-server: ${e instanceof Refusal ? e.message : e.stack}\n`);
  await stop(1);
}
