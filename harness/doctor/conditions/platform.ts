// The commands a fix names, as the platform the log shows runs them: nginx for Windows from its
// own folder; on Linux the service manager only where the log shows one (its lines came through
// journald or syslog), else nginx's own signals.
import type { LogView } from '../types.js';
import { showPath } from '../facts.js';
import { messages } from '../../i18n/index.js';

const t = messages({
  en: {
    'doctor.platform.itsFolder': 'its folder',
    'doctor.platform.restartWindows': 'stop nginx ("nginx -s stop" in {folder}) and start it again ("start nginx" there)',
    'doctor.platform.restartService': 'restart nginx with its service manager ("sudo systemctl restart nginx")',
    'doctor.platform.restart': 'restart nginx ("sudo nginx -s stop", then start it the way you started it, e.g. "sudo nginx")',
    'doctor.platform.reloadWindows': 'run "nginx -s reload" in {folder}',
    'doctor.platform.reload': 'run "{command}"',
    'doctor.platform.startWindows': '"start nginx" in {folder}',
  },
  'zh-CN': {
    'doctor.platform.itsFolder': 'nginx 目录',
    'doctor.platform.restartWindows': '停止 nginx（在 {folder} 中运行 "nginx -s stop"），再启动它（在同一目录运行 "start nginx"）',
    'doctor.platform.restartService': '用服务管理器重启 nginx（"sudo systemctl restart nginx"）',
    'doctor.platform.restart': '重启 nginx（先运行 "sudo nginx -s stop"，再按你原来的方式启动它，例如 "sudo nginx"）',
    'doctor.platform.reloadWindows': '在 {folder} 中运行 "nginx -s reload"',
    'doctor.platform.reload': '运行 "{command}"',
    'doctor.platform.startWindows': '在 {folder} 中运行 "start nginx"',
  },
});

/** The nginx folder the log's paths name, as its user types it. */
function folder(log: LogView): string {
  const f = log.index.folders.keys().next().value;
  return f === undefined ? t('doctor.platform.itsFolder') : showPath(f);
}

/** "restart nginx (…)": a verb phrase for a fix. */
export function restartNginx(log: LogView, windows: boolean): string {
  if (windows) return t('doctor.platform.restartWindows', { folder: folder(log) });
  return t(log.index.serviceManager ? 'doctor.platform.restartService' : 'doctor.platform.restart');
}

/** "run …": how to make a running nginx read its changed conf. */
export function reloadNginx(log: LogView, windows: boolean): string {
  if (windows) return t('doctor.platform.reloadWindows', { folder: folder(log) });
  return t('doctor.platform.reload', { command: log.index.serviceManager ? 'sudo systemctl reload nginx' : 'sudo nginx -s reload' });
}

/** How to start nginx: the command in parentheses of a fix. */
export function startNginx(log: LogView, windows: boolean): string {
  if (windows) return t('doctor.platform.startWindows', { folder: folder(log) });
  return log.index.serviceManager ? '"sudo systemctl start nginx"' : '"sudo nginx"';
}
