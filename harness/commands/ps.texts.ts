// The words ps.ts says, in English and Simplified Chinese.
import { messages } from '../i18n/index.js';

export const t = messages({
  en: {
    'ps.none': 'no stack is running from {prefix}.',
    'ps.head': '{prefix}: pid {pid}, up {uptime}',
    'ps.headDetached': '{prefix}: pid {pid} (detached), up {uptime}',
    'ps.url': 'url',
    'ps.proxy': 'proxy',
    'ps.proxyText': '{engine} engine, {os} profile, port {port}',
    'ps.admin': 'admin',
    'ps.adminExternal': 'port {port}, your own server',
    'ps.adminStandIn': 'port {port}, the stand-in ({mode})',
    'ps.adminUpstream': 'port {port}, your own server on {upstream}, through the harness ({mode})',
    'ps.faults': 'faults',
    'ps.noFaults': 'none',
    'ps.control': 'control',
  },
  'zh-CN': {
    'ps.none': '{prefix} 没有正在运行的环境。',
    'ps.head': '{prefix}：pid {pid}，已运行 {uptime}',
    'ps.headDetached': '{prefix}：pid {pid}（后台运行），已运行 {uptime}',
    'ps.url': '地址',
    'ps.proxy': '反向代理',
    'ps.proxyText': '{engine} 引擎，{os} 模式，端口 {port}',
    'ps.admin': '后端服务',
    'ps.adminExternal': '端口 {port}，你自己的后端服务',
    'ps.adminStandIn': '端口 {port}，管理端替身服务（{mode}）',
    'ps.adminUpstream': '端口 {port}，你自己的后端服务 {upstream}，经 harness 转发（{mode}）',
    'ps.faults': '故障',
    'ps.noFaults': '无',
    'ps.control': '控制页',
  },
});
