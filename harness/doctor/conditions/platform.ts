// The commands a fix names, as the platform the log shows runs them: nginx for Windows from its
// own folder; on Linux the service manager only where the log shows one (its lines came through
// journald or syslog), else nginx's own signals.
import type { LogView } from '../types.js';
import { showPath } from '../facts.js';

/** The nginx folder the log's paths name, as its user types it. */
function folder(log: LogView): string {
  const f = log.index.folders.keys().next().value;
  return f === undefined ? 'its folder' : showPath(f);
}

/** "restart nginx (…)": a verb phrase for a fix. */
export function restartNginx(log: LogView, windows: boolean): string {
  if (windows) return `stop nginx ("nginx -s stop" in ${folder(log)}) and start it again ("start nginx" there)`;
  if (log.index.serviceManager) return 'restart nginx with its service manager ("sudo systemctl restart nginx")';
  return 'restart nginx ("sudo nginx -s stop", then start it the way you started it, e.g. "sudo nginx")';
}

/** "run …": how to make a running nginx read its changed conf. */
export function reloadNginx(log: LogView, windows: boolean): string {
  if (windows) return `run "nginx -s reload" in ${folder(log)}`;
  return log.index.serviceManager ? 'run "sudo systemctl reload nginx"' : 'run "sudo nginx -s reload"';
}

/** How to start nginx: the command in parentheses of a fix. */
export function startNginx(log: LogView, windows: boolean): string {
  if (windows) return `"start nginx" in ${folder(log)}`;
  return log.index.serviceManager ? '"sudo systemctl start nginx"' : '"sudo nginx"';
}
