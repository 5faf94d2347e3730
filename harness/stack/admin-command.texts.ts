// --admin-command: the user's own admin server, started, watched and stopped by `harness up`.
import { messages } from '../i18n/index.js';

const en = {
  'adminCommand.portTaken': 'cannot start your admin server ({command}): {why}, before it started. Stop that program, or leave --admin-command out to use the server that runs there: harness up --admin-upstream {upstream}',
  'adminCommand.needsUpstream': '--admin-command needs --admin-upstream: where the server it starts listens, e.g. --admin-command "java -jar target/sky-server.jar --server.port=8081" --admin-upstream 8081',
  'adminCommand.empty': '--admin-command is empty: give the command that starts your admin server, e.g. --admin-command "java -jar target/sky-server.jar --server.port=8081"',
  'adminCommand.notFound': 'cannot run --admin-command "{command}": there is no program {file} (or it is not executable) in {cwd} or on PATH. The command runs without a shell: give the program and its arguments, e.g. "java -jar target/sky-server.jar --server.port=8081"',
  'adminCommand.waiting': 'waiting for your admin server to listen on {upstream} ({command}, pid {pid}): up to {seconds} s, as a Spring Boot start can take',
  'adminCommand.stillWaiting': 'still waiting for {upstream}: {seconds} s so far',
  'adminCommand.ready': 'your admin server listens on {upstream} (after {seconds} s)',
  'adminCommand.exitedEarly': 'your admin server ({command}) ended with {how} before it listened on {upstream}. Its last lines:{last}',
  'adminCommand.deadline': 'your admin server ({command}) did not listen on {upstream} within {seconds} s: it was stopped. Does it listen on that port (server.port)? Give it longer with --admin-wait SECONDS. Its last lines:{last}',
  'adminCommand.exited': 'your admin server ({command}, pid {pid}) ended with {how}: nginx now gets a reset from the harness for each /api request. Its last lines:{last}',
  'adminCommand.exitedMark': 'your admin server (pid {pid}) ended with {how}',
  'adminCommand.incidentCause': 'Your admin server, started by the harness (pid {pid}), ended at {time} UTC with {how}: nothing answers the harness\'s pass-through now.',
  'adminCommand.killed': 'your admin server (pid {pid}) did not stop within {seconds} s of SIGTERM: killed (SIGKILL)',
  'adminCommand.byCode': 'exit code {code}',
  'adminCommand.bySignal': 'signal {signal}',
  'adminCommand.noOutput': '(it printed nothing)',
} as const;

const zhCN: Record<keyof typeof en, string> = {
  'adminCommand.portTaken': '无法启动你的后端服务（{command}）：在它启动之前，{why}。请停止那个程序，或者去掉 --admin-command，直接使用在那里运行的服务：harness up --admin-upstream {upstream}',
  'adminCommand.needsUpstream': '--admin-command 需要 --admin-upstream：它启动的服务监听的地址，例如 --admin-command "java -jar target/sky-server.jar --server.port=8081" --admin-upstream 8081',
  'adminCommand.empty': '--admin-command 是空的：请给出启动你的后端服务的命令，例如 --admin-command "java -jar target/sky-server.jar --server.port=8081"',
  'adminCommand.notFound': '无法运行 --admin-command "{command}"：在 {cwd} 和 PATH 里都没有程序 {file}（或者它不可执行）。这个命令不经过 shell 运行：请给出程序和它的参数，例如 "java -jar target/sky-server.jar --server.port=8081"',
  'adminCommand.waiting': '正在等待你的后端服务在 {upstream} 上监听（{command}，pid {pid}）：最多 {seconds} 秒，Spring Boot 启动可能需要这么久',
  'adminCommand.stillWaiting': '仍在等待 {upstream}：已经 {seconds} 秒',
  'adminCommand.ready': '你的后端服务已在 {upstream} 上监听（用了 {seconds} 秒）',
  'adminCommand.exitedEarly': '你的后端服务（{command}）在 {upstream} 上监听之前就结束了（{how}）。它最后的输出：{last}',
  'adminCommand.deadline': '你的后端服务（{command}）在 {seconds} 秒内没有在 {upstream} 上监听：已将它停止。它监听的是这个端口吗（server.port）？可以用 --admin-wait SECONDS 给它更长时间。它最后的输出：{last}',
  'adminCommand.exited': '你的后端服务（{command}，pid {pid}）已结束（{how}）：现在 nginx 的每个 /api 请求都会被 harness 重置连接。它最后的输出：{last}',
  'adminCommand.exitedMark': '你的后端服务（pid {pid}）已结束（{how}）',
  'adminCommand.incidentCause': '由 harness 启动的你的后端服务（pid {pid}）在 UTC {time} 结束了（{how}）：现在没有程序响应 harness 的转发。',
  'adminCommand.killed': '你的后端服务（pid {pid}）在收到 SIGTERM 后 {seconds} 秒内没有停止：已强制结束（SIGKILL）',
  'adminCommand.byCode': '退出码 {code}',
  'adminCommand.bySignal': '信号 {signal}',
  'adminCommand.noOutput': '（它没有任何输出）',
};

export const t = messages({ en, 'zh-CN': zhCN });
