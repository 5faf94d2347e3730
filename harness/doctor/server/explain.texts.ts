// The words explain.ts says, in English and Simplified Chinese (docs/glossary.zh-CN.md: 你自己的后端服务,
// 管理端替身服务, 响应).
import { messages } from '../../i18n/index.js';

export const t = messages({
  en: {
    'server.port.cause':
      'Your admin server did not start: port {port} is already taken by another program. Often it is an earlier run of the same server, still open in your IDE, or the admin stand-in of "harness up", which listens on 8080. Spring Boot takes the port last, after the database pool and Redis are set up (minutes on a slow machine), then stops, so this server answers nothing.',
    'server.port.findWindows':
      'Find the program: "netstat -ano | findstr :{port}" (its PID is the last column), then "tasklist | findstr <PID>" names it. Stop it with "taskkill /PID <PID> /F" (an earlier run of your server: press Stop in your IDE).',
    'server.port.findLinux': 'Find the program: "ss -ltnp | grep :{port}" names it and its pid (with sudo for another user\'s). Stop it with "kill <PID>".',
    'server.port.move':
      ' Or move your server: set server.port in application.yml (8082, say; the front end\'s dev server uses 8081) and point proxy_pass in nginx.conf at it; with the harness, "npx harness up --admin external --admin-port 8082".',
    'server.mysql.refused': 'Your admin server could not connect to MySQL at {at}: the connection was refused, so nothing listens there. MySQL is not running, or it listens on another port.',
    'server.mysql.unknownHost': 'Your admin server could not connect to MySQL: the host name {host} of its JDBC URL is not known.',
    'server.mysql.timeout': 'Your admin server could not connect to MySQL at {at}: no answer came. The machine is off or cannot be reached (a virtual machine that is off, a firewall).',
    'server.mysql.other': 'Your admin server lost its connection to MySQL at {at} (Communications link failure).',
    'server.mysql.atUnknown': 'the address of its JDBC URL',
    'server.mysql.effect': ' A request that reads the database then waits for a connection without limit (the course sets no maxWait for Druid): the page spins, and nginx answers 504 after proxy_read_timeout (60 s).',
    'server.mysql.fixWindows':
      'Start MySQL: "net start MySQL80" in a terminal opened as administrator (services.msc shows the service\'s name), and check that it listens: "netstat -ano | findstr :{port}".',
    'server.mysql.fixLinux': 'Start MySQL: "sudo systemctl start mysql" (or mariadb), and check that it listens: "ss -ltnp | grep :{port}".',
    'server.mysql.where':
      ' If MySQL runs elsewhere, set sky.datasource.host and sky.datasource.port in application-dev.yml to where it is. The course\'s file names 192.168.8.128, the teacher\'s virtual machine: with MySQL on your own machine, write localhost.',
    'server.access.cause':
      'MySQL refused the login of user \'{user}\' from {from} (using password: {password}): the password in application-dev.yml is not this user\'s, or this user may not log in from {from}.',
    'server.access.fix':
      'Write your MySQL password in sky.datasource.password of application-dev.yml (the course\'s is 123456), and try it: "mysql -u {user} -p -h {host}".',
    'server.access.noPassword': ' "using password: NO" means the password in the file is empty: in YAML a value needs a space after the colon (password: 123456).',
    'server.database.cause': 'MySQL has no database \'{database}\': the course\'s schema (sky.sql) is not loaded on this MySQL, or it was loaded under another name.',
    'server.database.fix':
      'Load the course\'s sky.sql (资料/day01/数据库/sky.sql): "mysql -u root -p < sky.sql", or run it in Navicat or DataGrip. It makes the database sky_take_out. Or set sky.datasource.database in application-dev.yml to the name you used.',
    'server.redis.cause':
      'Your admin server could not connect to Redis{at}{refused}. The course\'s server keeps the shop status (营业状态) and the dish cache in Redis, so those requests fail with 500.',
    'server.redis.refused': ': the connection was refused, so nothing listens there',
    'server.redis.fixWindows':
      'Start Redis: in its folder, "redis-server.exe redis.windows.conf" (keep that window open), and check it: "redis-cli -p {port} ping" answers PONG.',
    'server.redis.fixLinux': 'Start Redis: "sudo systemctl start redis-server", and check it: "redis-cli -p {port} ping" answers PONG.',
    'server.redis.where': ' If Redis runs elsewhere, set sky.redis.host and sky.redis.port in application-dev.yml (the course\'s file names 192.168.8.128, the teacher\'s virtual machine).',
    'server.datasource.cause':
      'Your admin server did not start: Spring found no database URL ({profiles}). In the course the URL is made in application.yml (spring.datasource.druid.url) from the sky.datasource values of application-dev.yml, which is read only with the dev profile.',
    'server.datasource.noProfile': 'no profile was active',
    'server.datasource.profiles': 'active profiles: {profiles}',
    'server.datasource.unknownProfiles': 'the log does not say which profile was active',
    'server.datasource.fix':
      'Check that sky-server/src/main/resources holds application.yml and application-dev.yml, that application.yml has "spring.profiles.active: dev" and the druid url, and that you run SkyApplication of the sky-server module. A line indented wrongly in YAML becomes another key. After changing the poms, reload Maven.',
    'server.setting.cause':
      'Your admin server did not start: the setting {setting} has no value, so Spring took the text "${{setting}}" as it stands ({profiles}). In the course the sky.* values are in application-dev.yml, and Spring reads that file only with the dev profile.',
    'server.setting.fix':
      'In application.yml (sky-server/src/main/resources) set spring.profiles.active to dev ("spring:", then "profiles:", then "active: dev", each indented under the one before), and check that application-dev.yml beside it gives {setting}. In IDEA, the run configuration\'s "Active profiles" field does the same. Then start the server again.',
    'server.jwt.expired': 'A request came with an expired token ({message}). The course\'s tokens live 2 hours (sky.jwt.admin-ttl: 7200000); its interceptor answers 401 and the page goes back to the login.',
    'server.jwt.expiredFix': 'Nothing to change in the server: log in again.',
    'server.jwt.signature':
      'A token\'s signature does not match the secret the server checks it with (sky.jwt.admin-secret-key): the token was made with another secret (a login from before the secret changed, or a token of the user side sent to /admin).',
    'server.jwt.signatureFix': 'Log in again for a new token. JwtUtil.createJWT and parseJWT must use the same secret: admin-secret-key for /admin/**, user-secret-key for /user/**.',
    'server.jwt.malformed': 'The token in a request is not a JWT ({message}): "Bearer " before it, quotes around it, or another value.',
    'server.jwt.malformedFix': 'Send the token as the login gave it, in the header that sky.jwt.admin-token-name names ("token"), with nothing added.',
    'server.jwt.missing': 'A request came with no token: its "token" header (sky.jwt.admin-token-name) was missing or empty.',
    'server.jwt.missingFix': 'Log in first. The front end adds the header from the login; a request you send yourself (Postman, Swagger) needs the header "token" too.',
    'server.jwt.weakKey':
      'The JWT secret is too short: jjwt 0.10 and later refuse an HMAC key under 256 bits, and the course\'s secret "itcast" has 48. The course\'s own jjwt 0.9.1 accepts it.',
    'server.jwt.weakKeyFix': 'Keep jjwt 0.9.1 as the course\'s pom.xml has it, or make sky.jwt.admin-secret-key and user-secret-key 32 characters or longer.',
    'server.jwt.jaxb':
      'jjwt 0.9.1 needs javax.xml.bind (JAXB), which Java 11 and later no longer include: making or reading a token fails, so the login answers 500.',
    'server.jwt.jaxbFix':
      'Add the dependency javax.xml.bind:jaxb-api (2.3.1, as the course\'s sky-common/pom.xml has it) and reload Maven, or run the server on Java 8 (in IDEA: File > Project Structure > SDK).',
    'server.jwt.other': 'jjwt refused a request\'s token: {message}.',
    'server.jwt.otherFix': 'Log in again for a new token; if it repeats, compare how JwtUtil makes and reads the token.',
    'server.request.cause':
      'A request failed inside your admin server with {exception}{message}{at}. Spring answered 500, nginx passed it on, and the course\'s page shows "请求出错了：Request failed with status code 500".{hint}',
    'server.request.at': ', thrown at {frame}',
    'server.request.fix':
      'Open {frame}: it is the first line of your own code in the stack trace. The lines above it are Spring\'s and the libraries\'; the last "Caused by:" is the first cause.',
    'server.request.fixNoFrame': 'The stack trace has no line of your own code: read its last "Caused by:", the first cause, and the line of your code that called it.',
    'server.request.hint.npe': ' A value was null there.',
    'server.request.hint.binding':
      ' MyBatis has no SQL for that mapper method: the XML\'s namespace or the statement\'s id does not match the interface, or the XML is not under resources/mapper (mybatis.mapper-locations).',
    'server.request.hint.sql': ' MySQL refused the SQL: the message names the column or table that is wrong.',
    'server.start.cause': 'Your admin server did not start: {what}',
    'server.start.exception': '{exception}: {message}',
    'server.start.fix': 'Spring Boot\'s failure analysis under "Action:" in the log says what to change; change it and start the server again.',
    'server.start.fixNoAction': 'Read the last "Caused by:" of the stack trace: it is the first cause. Fix it and start the server again.',
    'server.error.cause': 'Your admin server logged an error the doctor does not know: "{message}"{exception}{at}.',
    'server.error.exception': ' ({exception})',
    'server.error.fix': 'Read the stack trace under that line: its last "Caused by:" is the first cause.',
  },
  'zh-CN': {
    'server.port.cause':
      '你自己的后端服务没有启动：端口 {port} 已经被另一个程序占用。常见的是同一个服务上一次的运行还开在 IDE 里，或者是 "harness up" 的管理端替身服务，它监听 8080。Spring Boot 在连接池和 Redis 都准备好之后才最后占用端口（机器慢时要几分钟），然后退出，所以这个服务不会响应任何请求。',
    'server.port.findWindows':
      '找出这个程序："netstat -ano | findstr :{port}"（最后一列是 PID），再用 "tasklist | findstr <PID>" 看它是什么程序。用 "taskkill /PID <PID> /F" 结束它（如果是你的服务上一次的运行：在 IDE 里点停止）。',
    'server.port.findLinux': '找出这个程序："ss -ltnp | grep :{port}" 会显示程序名和 pid（别的用户的程序要加 sudo）。用 "kill <PID>" 结束它。',
    'server.port.move':
      '或者换一个端口：在 application.yml 里设置 server.port（比如 8082；前端的开发服务器用的是 8081），并把 nginx.conf 里的 proxy_pass 指向它；用 harness 时，运行 "npx harness up --admin external --admin-port 8082"。',
    'server.mysql.refused': '你自己的后端服务连不上 {at} 上的 MySQL：连接被拒绝，说明那里没有程序在监听。MySQL 没有运行，或者它监听的是另一个端口。',
    'server.mysql.unknownHost': '你自己的后端服务连不上 MySQL：JDBC URL 里的主机名 {host} 无法解析。',
    'server.mysql.timeout': '你自己的后端服务连不上 {at} 上的 MySQL：没有任何回应。那台机器没开或者连不到（虚拟机没开机、被防火墙挡住）。',
    'server.mysql.other': '你自己的后端服务和 {at} 上的 MySQL 的连接断了（Communications link failure）。',
    'server.mysql.atUnknown': 'JDBC URL 里的地址',
    'server.mysql.effect': '要读数据库的请求这时会一直等连接，不会超时（课程没有给 Druid 设置 maxWait）：页面一直在转，nginx 在 proxy_read_timeout（60 秒）之后返回 504。',
    'server.mysql.fixWindows': '启动 MySQL：在以管理员身份打开的终端里运行 "net start MySQL80"（服务名在 services.msc 里能看到），再确认它在监听："netstat -ano | findstr :{port}"。',
    'server.mysql.fixLinux': '启动 MySQL："sudo systemctl start mysql"（或 mariadb），再确认它在监听："ss -ltnp | grep :{port}"。',
    'server.mysql.where':
      '如果 MySQL 在别的机器上，把 application-dev.yml 里的 sky.datasource.host 和 sky.datasource.port 改成它所在的地址。课程的文件里写的是 192.168.8.128，那是老师的虚拟机：MySQL 装在你自己电脑上的话，写 localhost。',
    'server.access.cause': 'MySQL 拒绝了用户 \'{user}\' 从 {from} 登录（using password: {password}）：application-dev.yml 里的密码不是这个用户的密码，或者这个用户不允许从 {from} 登录。',
    'server.access.fix': '把你的 MySQL 密码写到 application-dev.yml 的 sky.datasource.password（课程里是 123456），再试一下："mysql -u {user} -p -h {host}"。',
    'server.access.noPassword': '"using password: NO" 说明文件里的密码是空的：YAML 里冒号后面要有一个空格（password: 123456）。',
    'server.database.cause': 'MySQL 里没有数据库 \'{database}\'：这个 MySQL 上还没有导入课程的表结构（sky.sql），或者导入时用了别的名字。',
    'server.database.fix':
      '导入课程的 sky.sql（资料/day01/数据库/sky.sql）："mysql -u root -p < sky.sql"，或者在 Navicat、DataGrip 里运行它。它会建好数据库 sky_take_out。或者把 application-dev.yml 里的 sky.datasource.database 改成你用的名字。',
    'server.redis.cause': '你自己的后端服务连不上 Redis{at}{refused}。课程的服务把店铺的营业状态和菜品缓存放在 Redis 里，所以这些请求会失败，返回 500。',
    'server.redis.refused': '：连接被拒绝，说明那里没有程序在监听',
    'server.redis.fixWindows': '启动 Redis：在它的目录里运行 "redis-server.exe redis.windows.conf"（保持这个窗口开着），再检查一下："redis-cli -p {port} ping" 会返回 PONG。',
    'server.redis.fixLinux': '启动 Redis："sudo systemctl start redis-server"，再检查一下："redis-cli -p {port} ping" 会返回 PONG。',
    'server.redis.where': '如果 Redis 在别的机器上，修改 application-dev.yml 里的 sky.redis.host 和 sky.redis.port（课程的文件里写的是 192.168.8.128，那是老师的虚拟机）。',
    'server.datasource.cause':
      '你自己的后端服务没有启动：Spring 找不到数据库的 URL（{profiles}）。课程里这个 URL 在 application.yml 里（spring.datasource.druid.url）由 application-dev.yml 的 sky.datasource 各项拼成，而 application-dev.yml 只有在 dev profile 下才会被读取。',
    'server.datasource.noProfile': '没有激活任何 profile',
    'server.datasource.profiles': '激活的 profile：{profiles}',
    'server.datasource.unknownProfiles': '日志里没有写激活的是哪个 profile',
    'server.datasource.fix':
      '检查 sky-server/src/main/resources 里有 application.yml 和 application-dev.yml，application.yml 里有 "spring.profiles.active: dev" 和 druid 的 url，并且你运行的是 sky-server 模块里的 SkyApplication。YAML 里缩进错的一行会变成另一个键。改了 pom 之后要重新加载 Maven。',
    'server.setting.cause':
      '你自己的后端服务没有启动：配置项 {setting} 没有值，Spring 就把 "${{setting}}" 这段文字原样当成了值（{profiles}）。课程里 sky.* 的各项值写在 application-dev.yml 里，而 Spring 只有在 dev profile 下才会读取这个文件。',
    'server.setting.fix':
      '在 application.yml（sky-server/src/main/resources）里把 spring.profiles.active 设为 dev（"spring:" 下面是 "profiles:"，再下面是 "active: dev"，每一层都要缩进），并检查同一目录下的 application-dev.yml 给出了 {setting}。在 IDEA 里，运行配置的 "Active profiles" 一栏也能做到。然后重新启动服务。',
    'server.jwt.expired': '一个请求带的 token 已经过期（{message}）。课程的 token 有效期是 2 小时（sky.jwt.admin-ttl: 7200000）；拦截器会响应 401，页面回到登录页。',
    'server.jwt.expiredFix': '服务不用改：重新登录即可。',
    'server.jwt.signature':
      '一个 token 的签名和服务校验用的密钥（sky.jwt.admin-secret-key）对不上：这个 token 是用另一个密钥生成的（密钥改过之前的登录，或者把用户端的 token 发给了 /admin）。',
    'server.jwt.signatureFix': '重新登录拿一个新 token。JwtUtil.createJWT 和 parseJWT 必须用同一个密钥：/admin/** 用 admin-secret-key，/user/** 用 user-secret-key。',
    'server.jwt.malformed': '一个请求里的 token 不是 JWT（{message}）：前面加了 "Bearer "、带了引号，或者是别的值。',
    'server.jwt.malformedFix': '按登录返回的样子发送 token，放在 sky.jwt.admin-token-name 指定的请求头（"token"）里，不要加任何东西。',
    'server.jwt.missing': '一个请求没有带 token：它的 "token" 请求头（sky.jwt.admin-token-name）不存在或者是空的。',
    'server.jwt.missingFix': '先登录。前端会根据登录结果加上这个请求头；你自己发的请求（Postman、Swagger）也要带上 "token" 请求头。',
    'server.jwt.weakKey': 'JWT 密钥太短：jjwt 0.10 及以后的版本拒绝短于 256 位的 HMAC 密钥，而课程的密钥 "itcast" 只有 48 位。课程自己用的 jjwt 0.9.1 接受它。',
    'server.jwt.weakKeyFix': '保持课程 pom.xml 里的 jjwt 0.9.1，或者把 sky.jwt.admin-secret-key 和 user-secret-key 改成 32 个字符以上。',
    'server.jwt.jaxb': 'jjwt 0.9.1 需要 javax.xml.bind（JAXB），而 Java 11 及以后的版本不再自带它：生成或解析 token 都会失败，所以登录返回 500。',
    'server.jwt.jaxbFix':
      '加上依赖 javax.xml.bind:jaxb-api（2.3.1，和课程的 sky-common/pom.xml 一样）并重新加载 Maven，或者用 Java 8 运行服务（IDEA 里：File > Project Structure > SDK）。',
    'server.jwt.other': 'jjwt 拒绝了一个请求的 token：{message}。',
    'server.jwt.otherFix': '重新登录拿一个新 token；如果一直出现，对照检查 JwtUtil 生成和解析 token 的代码。',
    'server.request.cause':
      '一个请求在你自己的后端服务里失败了，异常是 {exception}{message}{at}。Spring 响应了 500，nginx 原样转给浏览器，课程的页面会显示 "请求出错了：Request failed with status code 500"。{hint}',
    'server.request.at': '，抛出的位置是 {frame}',
    'server.request.fix': '打开 {frame}：这是堆栈里第一行你自己的代码。它上面的行是 Spring 和各个库的；最后一个 "Caused by:" 是最初的原因。',
    'server.request.fixNoFrame': '堆栈里没有你自己的代码：看最后一个 "Caused by:"，那是最初的原因，再找调用它的你自己的代码。',
    'server.request.hint.npe': '那里有一个值是 null。',
    'server.request.hint.binding':
      'MyBatis 找不到这个 mapper 方法的 SQL：XML 的 namespace 或语句的 id 和接口对不上，或者 XML 不在 resources/mapper 下（mybatis.mapper-locations）。',
    'server.request.hint.sql': 'MySQL 拒绝了这条 SQL：消息里写着哪个列或表不对。',
    'server.start.cause': '你自己的后端服务没有启动：{what}',
    'server.start.exception': '{exception}：{message}',
    'server.start.fix': '日志里 Spring Boot 的失败分析在 "Action:" 下面写了该改什么；改好后重新启动服务。',
    'server.start.fixNoAction': '看堆栈里最后一个 "Caused by:"：那是最初的原因。改好后重新启动服务。',
    'server.error.cause': '你自己的后端服务记录了一个 doctor 不认识的错误："{message}"{exception}{at}。',
    'server.error.exception': '（{exception}）',
    'server.error.fix': '看这一行下面的堆栈：最后一个 "Caused by:" 是最初的原因。',
  },
});
