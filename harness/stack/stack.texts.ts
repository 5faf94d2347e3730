// The words stack.ts says, in English and Simplified Chinese.
import { messages } from '../i18n/index.js';

export const t = messages({
  en: {
    'stack.frontend.stub': 'the stub front end',
    'stack.frontend.copy': '{source}, served from a copy in {copy}',
    'stack.frontend.servedFrom': '{source}, served from {target} ({where})',
    'stack.frontend.confSends': 'what your conf sends / to: {how}',
    'stack.frontend.confServes': 'what your conf serves at /',
    'stack.frontend.none': 'none: your conf serves / from {root} ({where}), which has no index.html',
    'stack.frontend.notServed': '--frontend {given}: your conf {how}, so the front end would not be served.\n  What to do: serve / from a root in your conf (location / { root html/sky; }), or leave out --frontend.',
    'stack.frontend.sendsTo': 'sends / to {how}',
    'stack.frontend.noRoot': 'serves / from no root the harness can read',
    'stack.frontend.nginxFolder': "--frontend {given}: your nginx folder's conf serves / from {root} ({where}), and the harness writes nothing in your nginx folder.\n  What to do: put your built front end there (as you would for nginx), or leave out --frontend.",
    'stack.frontend.port80': 'your front end dials {socket} (port 80) and your conf serves it as it is on port {port}: order reminders (来单提醒) will not arrive. Listen on 80, or point the root elsewhere and give --frontend {given}.',
    'stack.adminListen': 'the admin stand-in could not listen: {why}',
    'stack.passThroughListen': 'the pass-through to your admin server could not listen: {why}',
  },
  'zh-CN': {
    'stack.frontend.stub': 'harness 自带的前端',
    'stack.frontend.copy': '{source}，用 {copy} 里的副本提供',
    'stack.frontend.servedFrom': '{source}，从 {target} 提供（{where}）',
    'stack.frontend.confSends': '你的配置把 / 转发到：{how}',
    'stack.frontend.confServes': '你的配置在 / 上提供的内容',
    'stack.frontend.none': '无：你的配置从 {root} 提供 /（{where}），那里没有 index.html',
    'stack.frontend.notServed': '--frontend {given}：你的配置{how}，所以前端不会被提供。\n  怎么办：在配置里从一个 root 提供 /（location / { root html/sky; }），或者去掉 --frontend。',
    'stack.frontend.sendsTo': '把 / 转发到 {how}',
    'stack.frontend.noRoot': '没有从 harness 能读取的 root 提供 /',
    'stack.frontend.nginxFolder': '--frontend {given}：你的 nginx 目录里的配置从 {root} 提供 /（{where}），而 harness 不会往你的 nginx 目录里写任何东西。\n  怎么办：把构建好的前端放到那里（和用 nginx 时一样），或者去掉 --frontend。',
    'stack.frontend.port80': '你的前端连接 {socket}（端口 80），而你的配置在端口 {port} 上原样提供它：来单提醒会收不到。请监听 80，或者把 root 指到别处，并给出 --frontend {given}。',
    'stack.adminListen': '管理端替身服务无法监听：{why}',
    'stack.passThroughListen': '转发层（把请求转给你的后端服务）无法监听：{why}',
  },
});
