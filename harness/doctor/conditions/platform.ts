// The commands a fix names, as the platform the log shows runs them: nginx for Windows from its
// own folder; on Linux the service manager only where the log shows one (its lines came through
// journald or syslog), else nginx's own signals.
import type { LogView } from '../types.js';
import { showPath } from '../facts.js';
import { t } from '../say.js';

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
