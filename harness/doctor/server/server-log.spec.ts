// A Spring Boot server's log (harness/doctor/server/): its line shapes, how it is told from nginx's
// error log, what each failure is read as and the fix it gets (by the system the log shows), and
// `harness doctor` on such a log (logs/admin.log of --admin-command), in both languages.
import { test, expect } from '@playwright/test';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseServerLine, isBanner } from './server-log.js';
import { diagnose, examineLogs, isProblem, type Incident } from '../index.js';
import { kindOf } from '../which-log.js';
import { setLang } from '../../i18n/index.js';
import { FIXTURES, SERVER_FIXTURES, sink, tempDir } from '../../../tests/support/doctor.js';

/** A log line as Spring Boot 2.7 prints it by default. */
const spring = (time: string, level: string, thread: string, logger: string, message: string) =>
  `2024-11-02 ${time} ${level.padStart(5)} 4242 --- [${thread.padStart(15).slice(-15)}] ${logger.padEnd(40).slice(0, 40)} : ${message}`;
const STARTING = spring('15:20:11.245', 'INFO', 'main', 'com.sky.SkyApplication', 'Starting SkyApplication using Java 17.0.9 on pc with PID 4242 (/home/lin/sky/sky-server/target/classes started by lin in /home/lin/sky)');
const STARTED = spring('15:20:16.912', 'INFO', 'main', 'com.sky.SkyApplication', 'Started SkyApplication in 6.2 seconds (JVM running for 7.1)');

/** The one incident of a log made of these lines. */
function one(lines: string[]): Incident {
  const d = diagnose(Buffer.from(lines.join('\n') + '\n'));
  expect(d.incidents, d.incidents.map((i) => i.condition).join(', ')).toHaveLength(1);
  return d.incidents[0];
}

/** A request that failed with this exception chain, after a start on Linux. */
function request(...chain: string[]): string[] {
  return [
    STARTING,
    STARTED,
    spring('15:21:02.100', 'ERROR', 'nio-8080-exec-1', 'o.a.c.c.C.[.[.[/].[dispatcherServlet]', 'Servlet.service() for servlet [dispatcherServlet] in context with path [] threw exception with root cause'),
    '',
    ...chain,
  ];
}

test('the head of a log line in the shapes Spring Boot 2.x and 3.x, logback\'s own default, and an IDE\'s colours print', () => {
  expect(parseServerLine(spring('15:20:16.101', 'ERROR', 'main', 'o.s.b.d.LoggingFailureAnalysisReporter', ''))).toMatchObject({ level: 'ERROR', thread: 'main', logger: 'o.s.b.d.LoggingFailureAnalysisReporter', message: '' });
  expect(parseServerLine('2024-11-02T15:20:11.245+08:00  INFO 4242 --- [           main] com.sky.SkyApplication                   : Starting SkyApplication')).toMatchObject({ level: 'INFO', message: 'Starting SkyApplication' });
  expect(parseServerLine('2024-11-02T15:20:11.245+08:00  WARN 4242 --- [sky-server] [nio-8080-exec-1] c.s.h.GlobalExceptionHandler             : 异常信息：密码错误')).toMatchObject({ level: 'WARN', thread: 'nio-8080-exec-1', message: '异常信息：密码错误' });
  expect(parseServerLine('15:20:11.245 [main] ERROR com.sky.SkyApplication - Application run failed')).toMatchObject({ level: 'ERROR', thread: 'main', logger: 'com.sky.SkyApplication', message: 'Application run failed' });
  expect(parseServerLine('\x1b[2m2024-11-02 15:20:11.245\x1b[0;39m \x1b[32m INFO\x1b[0;39m \x1b[35m4242\x1b[0;39m \x1b[2m---\x1b[0;39m \x1b[2m[           main]\x1b[0;39m \x1b[36mcom.sky.SkyApplication                  \x1b[0;39m \x1b[2m:\x1b[0;39m Starting')).toMatchObject({ level: 'INFO', logger: 'com.sky.SkyApplication', message: 'Starting' });
  expect(isBanner(' :: Spring Boot ::                (v2.7.3)')).toBe(true);
  // nginx's lines are not a server's.
  expect(parseServerLine('2024/11/02 15:20:11 [error] 12#12: *1 connect() failed (111: Connection refused) while connecting to upstream')).toBeUndefined();
});

test('a log is told by its first line of either kind: every nginx fixture stays nginx\'s, every server fixture is a server\'s', () => {
  for (const f of readdirSync(FIXTURES).filter((n) => n.endsWith('.log'))) expect(kindOf(readFileSync(path.join(FIXTURES, f))) ?? 'nginx', f).toBe('nginx');
  for (const f of readdirSync(SERVER_FIXTURES).filter((n) => n.endsWith('.log'))) expect(kindOf(readFileSync(path.join(SERVER_FIXTURES, f))), f).toBe('server');
});

test('lines copied from harness up\'s stream (`admin   | ` before each) read as the server printed them', () => {
  const fixture = readFileSync(path.join(SERVER_FIXTURES, '06-win-request-npe-and-mapper-xml.log'), 'utf8');
  const streamed = fixture.replace(/^(?=.)/gm, 'admin   | ');
  expect(kindOf(Buffer.from(streamed))).toBe('server');
  const plainly = diagnose(Buffer.from(fixture));
  const d = diagnose(Buffer.from(streamed));
  expect(d.incidents.map((i) => [i.condition, i.lines, i.cause])).toEqual(plainly.incidents.map((i) => [i.condition, i.lines, i.cause]));
  expect(d.unrecognised).toEqual([]);
});

test('the port in use: the fix is the system\'s own (ss on Linux, netstat and taskkill on Windows, both when the log does not say)', () => {
  const failed = [spring('15:20:16.101', 'ERROR', 'main', 'o.s.b.d.LoggingFailureAnalysisReporter', ''), '', 'Description:', '', 'Web server failed to start. Port 9090 was already in use.', '', 'Action:', '', 'Identify and stop the process.'];
  const linux = one([STARTING, ...failed]);
  expect(linux.condition).toBe('server-port-in-use');
  expect(linux.cause).toContain('port 9090 is already taken');
  expect(linux.fix).toContain('ss -ltnp | grep :9090');
  expect(linux.fix).not.toContain('netstat');
  const windows = one([STARTING.replace('/home/lin/sky', 'D:\\sky'), ...failed]);
  expect(windows.fix).toContain('netstat -ano | findstr :9090');
  expect(windows.fix).toContain('taskkill /PID <PID> /F');
  expect(windows.fix).not.toContain('ss -ltnp');
  const unknown = one(failed);
  expect(unknown.fix).toContain('netstat -ano | findstr :9090');
  expect(unknown.fix).toContain('ss -ltnp | grep :9090');
});

test('MySQL: refused, an unknown host, no answer, a password, an empty password, a database that is not there', () => {
  const url = 'create connection SQLException, url: jdbc:mysql://192.168.8.128:3306/sky_take_out?useSSL=false, errorCode 0, state 08S01';
  const druid = (...chain: string[]) => [STARTING, STARTED, spring('15:21:00.518', 'ERROR', 'reate-1027569178', 'com.alibaba.druid.pool.DruidDataSource', url), '', ...chain];
  const link = 'com.mysql.cj.jdbc.exceptions.CommunicationsException: Communications link failure';
  const refused = one(druid(link, 'Caused by: java.net.ConnectException: Connection refused'));
  expect(refused.condition).toBe('mysql-unreachable');
  expect(refused.cause).toContain('MySQL at 192.168.8.128:3306: the connection was refused');
  expect(refused.fix).toContain('sudo systemctl start mysql');
  expect(refused.fix).toContain('192.168.8.128, the teacher\'s virtual machine');
  const noUrl = one(request(link, 'Caused by: java.net.ConnectException: Connection refused'));
  expect(noUrl.cause, 'no address is made up when the log shows no JDBC URL').toContain('MySQL at the address of its JDBC URL');
  const timeout = one(druid(link, 'Caused by: java.net.SocketTimeoutException: connect timed out'));
  expect(timeout.cause).toContain('no answer came');
  const unknownHost = one(druid(link, 'Caused by: java.net.UnknownHostException: mysql-server: Name or service not known'));
  expect(unknownHost.cause).toContain('the host name mysql-server');
  const denied = one(druid("java.sql.SQLException: Access denied for user 'root'@'localhost' (using password: NO)"));
  expect(denied.condition).toBe('mysql-access-denied');
  expect(denied.fix).toContain('mysql -u root -p -h 192.168.8.128');
  expect(denied.fix).toContain('a value needs a space after the colon');
  const database = one(druid("java.sql.SQLSyntaxErrorException: Unknown database 'sky'"));
  expect(database.condition).toBe('mysql-unknown-database');
  expect(database.cause).toContain("no database 'sky'");
});

test('jjwt: expired needs no action; a signature, a token that is no JWT, none at all, a weak key each say what to change', () => {
  const jwt = (line: string) => one(request(line, '\tat io.jsonwebtoken.impl.DefaultJwtParser.parse(DefaultJwtParser.java:385) ~[jjwt-0.9.1.jar:0.9.1]', '\tat com.sky.utils.JwtUtil.parseJWT(JwtUtil.java:54) ~[classes/:na]'));
  const expired = jwt('io.jsonwebtoken.ExpiredJwtException: JWT expired at 2024-11-02T13:20:11Z. Current time: 2024-11-02T15:21:02Z, a difference of 7251102 milliseconds.  Allowed clock skew: 0 milliseconds.');
  expect(expired.condition).toBe('jwt-error');
  expect(expired.cause).toContain('JWT expired at 2024-11-02T13:20:11Z');
  expect(isProblem(expired)).toBe(false);
  const signature = jwt('io.jsonwebtoken.SignatureException: JWT signature does not match locally computed signature. JWT validity cannot be asserted and should not be trusted.');
  expect(signature.fix).toContain('admin-secret-key for /admin/**');
  expect(isProblem(signature)).toBe(true);
  expect(jwt('io.jsonwebtoken.MalformedJwtException: JWT strings must contain exactly 2 period characters. Found: 0').cause).toContain('"Bearer "');
  expect(jwt('java.lang.IllegalArgumentException: JWT String argument cannot be null or empty.').cause).toContain('no token');
  expect(jwt('io.jsonwebtoken.security.WeakKeyException: The specified key byte array is 48 bits which is not secure enough for any JWT HMAC-SHA algorithm.').fix).toContain('32 characters');
});

test('a request\'s exception names the first frame of the app\'s own package, past Spring\'s generated proxies; none: the last Caused by', () => {
  const npe = one(
    request(
      'java.lang.NullPointerException: Cannot invoke "com.sky.entity.Employee.getPassword()" because "employee" is null',
      '\tat com.sky.service.impl.EmployeeServiceImpl$$EnhancerBySpringCGLIB$$1.login(<generated>) ~[classes/:na]',
      '\tat com.sky.service.impl.EmployeeServiceImpl.login(EmployeeServiceImpl.java:52) ~[classes/:na]',
      '\tat com.sky.controller.admin.EmployeeController.login(EmployeeController.java:48) ~[classes/:na]',
    ),
  );
  expect(npe.condition).toBe('request-exception');
  expect(npe.cause).toContain('java.lang.NullPointerException: Cannot invoke');
  expect(npe.fix).toContain('Open com.sky.service.impl.EmployeeServiceImpl.login(EmployeeServiceImpl.java:52)');
  const library = one(request('java.lang.IllegalStateException: closed', '\tat org.apache.catalina.connector.Request.getInputStream(Request.java:1087) ~[tomcat-embed-core-9.0.65.jar:9.0.65]'));
  expect(library.fix).toContain('no line of your own code');
});

test('Redis refused, with the address Lettuce names', () => {
  const i = one(request('org.springframework.data.redis.RedisConnectionFailureException: Unable to connect to Redis; nested exception is io.lettuce.core.RedisConnectionException: Unable to connect to 127.0.0.1:6380', 'Caused by: io.netty.channel.AbstractChannel$AnnotatedConnectException: Connection refused: /127.0.0.1:6380'));
  expect(i.condition).toBe('redis-refused');
  expect(i.cause).toContain('Redis 127.0.0.1:6380: the connection was refused');
  expect(i.fix).toContain('redis-cli -p 6380 ping');
});

test.describe('harness doctor on a server log', () => {
  test.afterEach(() => setLang('en'));

  test('the report in Chinese: the cause and the fix, the evidence quoted, exit 1; the conf beside logs/ is not read', async () => {
    setLang('zh-CN');
    const prefix = tempDir();
    mkdirSync(path.join(prefix, 'logs'));
    mkdirSync(path.join(prefix, 'conf'));
    writeFileSync(path.join(prefix, 'conf', 'nginx.conf'), 'events {}\n');
    const log = path.join(prefix, 'logs', 'admin.log');
    writeFileSync(log, readFileSync(path.join(SERVER_FIXTURES, '01-win-idea-port-8080-in-use.log')));
    const out = sink();
    const err = sink();
    expect(await examineLogs({ errorLog: log }, out.stream, err.stream)).toBe(1);
    expect(err.text()).toBe('');
    const text = out.text();
    expect(text).toContain('admin.log：');
    expect(text).toContain('server-port-in-use');
    expect(text).toContain('原因：你自己的后端服务没有启动：端口 8080 已经被另一个程序占用');
    expect(text).toContain('taskkill /PID <PID> /F');
    expect(text).toContain('Web server failed to start. Port 8080 was already in use.');
    expect(text).toContain('不是服务日志的行');
  });

  test('--json, and what goes with nginx\'s log only (--follow, --access, --conf) is bad input, exit 2', async () => {
    const log = path.join(SERVER_FIXTURES, '04-win-redis-not-started.log');
    const out = sink();
    expect(await examineLogs({ errorLog: log, json: true }, out.stream, sink().stream)).toBe(1);
    const json = JSON.parse(out.text()) as { incidents: Incident[]; unrecognised: number[] };
    expect(json.incidents.map((i) => i.condition)).toEqual(['redis-refused']);
    expect(Object.keys(json.incidents[0])).toEqual(['condition', 'lines', 'cause', 'fix']);
    for (const args of [{ follow: true }, { access: log }, { conf: [log] }]) {
      const err = sink();
      expect(await examineLogs({ errorLog: log, ...args }, sink().stream, err.stream), JSON.stringify(args)).toBe(2);
      expect(err.text()).toContain("04-win-redis-not-started.log is a Spring Boot server's log");
    }
  });
});
