// The words refused-by-conf.ts says, in English and Simplified Chinese.
import { messages } from '../../i18n/index.js';

export const t = messages({
  en: {
    'doctor.byConf.ev.literal': "your conf's proxy_pass names this one address, at {at}: nginx has no other to try",
    'doctor.byConf.ev.only': 'it is the only server of upstream {name} in your conf, at {at}',
    'doctor.byConf.ev.allDown': 'every server of upstream {name} that is not marked down refused (your conf, {at})',
    'doctor.byConf.ev.endsBefore': "the log ends before nginx's retry on another server of upstream {name}",
    'doctor.byConf.ev.named': 'the access log shows this request tried {addrs} ($upstream_addr, statuses {statuses}) and got {status}{time}',
    'doctor.byConf.ev.time': ' in {s} s ($request_time)',
    'doctor.byConf.ev.accessAt': 'the access log shows {statuses} for this request at {time}',
    'doctor.byConf.ev.noOtherFailure': 'no failure of another server followed in the error log',
    'doctor.byConf.who.read': '{addr} answered it',
    'doctor.byConf.who.oneAnswered':
      "the other server of upstream {name}, {addr}, answered it (inferred: the access log's format does not name the server that answered, and {addr} is the only other server your conf gives that upstream not marked down)",
    'doctor.byConf.who.one': 'the other server of upstream {name}, {addr}, answered it (inferred: {addr} is the only other server your conf gives that upstream not marked down)',
    'doctor.byConf.who.many': 'one of the other servers of upstream {name}, {names}, answered it (inferred: which one is in no log of the default formats)',
    'doctor.byConf.windows': ' On Windows each refused connect takes about 2 s, so this request waited about 2 s before it was answered (inferred from how Windows refuses, not read from the log).',
    'doctor.byConf.againNever': 'With max_fails=0 nginx never leaves {addr} out: every request its weight ({weight} of {total}) sends there is refused first and retried.',
    'doctor.byConf.again':
      'After {failures} nginx leaves {addr} out for fail_timeout ({s} s), then gives it requests again by its weight ({weight} of {total}), so now and then a request is refused there first and retried.',
    'doctor.byConf.cause.one': 'Only {names} refused {request}: it is one of the {servers} of upstream {name} in your conf ({at}), and {evidence}, so {who}.{windows} {again}',
    'doctor.byConf.cause.other': 'Only {names} refused {request}: they are of the {servers} of upstream {name} in your conf ({at}), and {evidence}, so {who}.{windows} {again}',
    'doctor.byConf.lesson': ' (a second admin server: the same jar started with --server.port={port})',
    'doctor.byConf.fix': 'Start the server that should listen on {names}{lesson}, or until it runs mark it "down" at {at} or comment that line out, then run "nginx -s reload".',
  },
  'zh-CN': {
    'doctor.byConf.ev.literal': '你的配置中 proxy_pass 只写了这一个地址（{at}）：nginx 没有别的地址可试',
    'doctor.byConf.ev.only': '它是你的配置中 upstream {name} 唯一的 server（{at}）',
    'doctor.byConf.ev.allDown': 'upstream {name} 中没有标记为 down 的 server 全都拒绝了连接（你的配置，{at}）',
    'doctor.byConf.ev.endsBefore': '日志在 nginx 重试 upstream {name} 的另一个 server 之前就结束了',
    'doctor.byConf.ev.named': '访问日志显示这个请求依次尝试了 {addrs}（$upstream_addr，状态 {statuses}），得到 {status}{time}',
    'doctor.byConf.ev.time': '，用时 {s} 秒（$request_time）',
    'doctor.byConf.ev.accessAt': '访问日志显示这个请求在 {time} 得到 {statuses}',
    'doctor.byConf.ev.noOtherFailure': '错误日志中之后没有别的 server 失败',
    'doctor.byConf.who.read': '回应它的是 {addr}',
    'doctor.byConf.who.oneAnswered':
      '回应它的是 upstream {name} 的另一个 server {addr}（推断：访问日志的格式没有记录是哪个 server 回应的，而 {addr} 是你的配置中这个 upstream 唯一另一个没有标记为 down 的 server）',
    'doctor.byConf.who.one': '回应它的是 upstream {name} 的另一个 server {addr}（推断：{addr} 是你的配置中这个 upstream 唯一另一个没有标记为 down 的 server）',
    'doctor.byConf.who.many': '回应它的是 upstream {name} 的其他 server（{names}）之一（推断：默认格式的日志都不记录是哪一个）',
    'doctor.byConf.windows': ' 在 Windows 上每次被拒绝的连接约耗时 2 秒，所以这个请求多等了约 2 秒才得到回应（这是根据 Windows 拒绝连接的方式推断的，不是从日志读到的）。',
    'doctor.byConf.againNever': 'max_fails=0 时 nginx 从不排除 {addr}：按权重（{total} 中的 {weight}）分到那里的每个请求都会先被拒绝再重试。',
    'doctor.byConf.again': '{failures}后 nginx 在 fail_timeout（{s} 秒）内排除 {addr}，之后再按权重（{total} 中的 {weight}）给它分请求，所以时不时会有请求先在那里被拒绝再重试。',
    'doctor.byConf.cause.one': '只有 {names} 拒绝了 {request}：它是你的配置中 upstream {name} 的 {servers} 之一（{at}），而且{evidence}，所以{who}。{windows} {again}',
    'doctor.byConf.cause.other': '只有 {names} 拒绝了 {request}：它们属于你的配置中 upstream {name} 的 {servers}（{at}），而且{evidence}，所以{who}。{windows} {again}',
    'doctor.byConf.lesson': '（第二个后端服务：用 --server.port={port} 启动同一个 jar）',
    'doctor.byConf.fix': '启动应该监听 {names} 的服务{lesson}；或者在它运行之前，在 {at} 把它标记为 "down" 或注释掉这一行，然后运行 "nginx -s reload"。',
  },
});
