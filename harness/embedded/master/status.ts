// What nginx writes about itself as it starts, at notice and info: ngx_event_module_init()'s event
// method (the master only), then ngx_os_status(): the version and the OS, and on Unix the
// descriptor limit. The Windows build's worker is a process of its own that runs main() again, so
// it writes its ngx_os_status() lines too, then one line per thread it creates.
import { release, type } from 'node:os';
import type { Level } from '../../logs/error-log.js';
import type { OsName } from '../../os-profile.js';
import { openFilesLimit } from '../../platform.js';

export type StatusLine = [Level, string];

/**
 * GetVersionEx() as nginx.exe sees Windows 8 to 11: it has no manifest, so Windows reports 6.2
 * build 9200 to it; suite 0x100 and type 1 are a desktop's (a real log: `[info] 9004#13496: OS:
 * 260200 build:9200, "", suite:100, type:1`).
 */
const WINDOWS_OS = 'OS: 260200 build:9200, "", suite:100, type:1';

/** The master's lines, from its listening sockets opened to its workers forked. */
export function masterStatus(os: OsName, version: string): StatusLine[] {
  if (os === 'windows') {
    return [
      ['notice', 'using the "select" event method'],
      ['notice', `nginx/${version}`],
      ['info', WINDOWS_OS],
    ];
  }
  const lines: StatusLine[] = [
    ['notice', 'using the "epoll" event method'],
    ['notice', `nginx/${version}`],
    ['notice', `OS: ${type()} ${release()}`],
  ];
  const limit = nofileLimit();
  if (limit) lines.push(['notice', `getrlimit(RLIMIT_NOFILE): ${limit}`]);
  return lines;
}

/** A Windows worker's own lines as it starts: its ngx_os_status(), then its three threads (worker, cache manager, cache loader). */
export function windowsWorkerStatus(version: string, threadIds: number[]): StatusLine[] {
  return [['notice', `nginx/${version}`], ['info', WINDOWS_OS], ...threadIds.map((id): StatusLine => ['notice', `create thread ${id}`])];
}

/** `soft:hard` of RLIMIT_NOFILE, as nginx prints rlim_t (%r: signed, so "unlimited" is -1). */
function nofileLimit(): string | undefined {
  const value = (v: string) => (v === 'unlimited' ? '-1' : v);
  const limit = openFilesLimit();
  return limit && `${value(limit[0])}:${value(limit[1])}`;
}
