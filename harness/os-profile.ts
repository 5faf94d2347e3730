// The OS profile changes only wording and timing: errno texts, function names in
// messages, PID#TID, line ends, paths, caseless location matching and the ~2 s that Windows spends
// on each refused loopback connect (Winsock re-sends the SYN after an RST, as users' logs show: refusal pairs ~2 s apart).
import type { Errno } from './logs/error-log.js';

export type OsName = 'linux' | 'windows';

export const OS_NAMES: readonly OsName[] = ['linux', 'windows'];

/** The nginx each profile's users run, as `Server:` and the pages show it: Debian's, and the Windows build the course ships. */
export const DEFAULT_VERSION: Record<OsName, string> = { linux: '1.22.1', windows: '1.20.2' };

/** The errors the emulated nginx reports, by their Linux names. */
export type ErrnoName =
  | 'ECONNREFUSED'
  | 'ETIMEDOUT'
  | 'ECONNRESET'
  | 'ENOENT_FILE'
  | 'ENOENT_PATH'
  | 'ENOTDIR'
  | 'EACCES'
  | 'EADDRINUSE'
  | 'EACCES_BIND'
  | 'EADDRNOTAVAIL'
  | 'EAGAIN'
  | 'ENOSPC'
  | 'EIO';

/** How nginx words an open() that failed: a missing folder on the way, a file in its place, or no permission. */
export function openErrno(e: unknown): ErrnoName {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'EACCES' ? 'EACCES' : code === 'ENOTDIR' ? 'ENOTDIR' : 'ENOENT_PATH';
}

/** A failed write's errno name: a full disk, or any other failure (as an I/O error). */
export function writeErrno(code: string | undefined): ErrnoName {
  return code === 'ENOSPC' ? 'ENOSPC' : 'EIO';
}

const LINUX_ERRNO: Record<ErrnoName, Errno> = {
  ECONNREFUSED: { code: 111, text: 'Connection refused' },
  ETIMEDOUT: { code: 110, text: 'Connection timed out' },
  ECONNRESET: { code: 104, text: 'Connection reset by peer' },
  ENOENT_FILE: { code: 2, text: 'No such file or directory' },
  ENOENT_PATH: { code: 2, text: 'No such file or directory' },
  ENOTDIR: { code: 20, text: 'Not a directory' },
  EACCES: { code: 13, text: 'Permission denied' },
  EADDRINUSE: { code: 98, text: 'Address already in use' },
  EACCES_BIND: { code: 13, text: 'Permission denied' },
  EADDRNOTAVAIL: { code: 99, text: 'Cannot assign requested address' },
  EAGAIN: { code: 11, text: 'Resource temporarily unavailable' },
  ENOSPC: { code: 28, text: 'No space left on device' },
  EIO: { code: 5, text: 'Input/output error' },
};

const WINDOWS_ERRNO: Record<ErrnoName, Errno> = {
  ECONNREFUSED: { code: 10061, text: 'No connection could be made because the target machine actively refused it' },
  ETIMEDOUT: {
    code: 10060,
    text: 'A connection attempt failed because the connected party did not properly respond after a period of time, or established connection failed because connected host has failed to respond',
  },
  ECONNRESET: { code: 10054, text: 'An existing connection was forcibly closed by the remote host' },
  ENOENT_FILE: { code: 2, text: 'The system cannot find the file specified' },
  ENOENT_PATH: { code: 3, text: 'The system cannot find the path specified' },
  ENOTDIR: { code: 3, text: 'The system cannot find the path specified' },
  EACCES: { code: 5, text: 'Access is denied' },
  EADDRINUSE: { code: 10048, text: 'Only one usage of each socket address (protocol/network address/port) is normally permitted' },
  EACCES_BIND: { code: 10013, text: 'An attempt was made to access a socket in a way forbidden by its access permissions' },
  EADDRNOTAVAIL: { code: 10049, text: 'The requested address is not valid in its context' },
  EAGAIN: { code: 8, text: 'Not enough memory resources are available to process this command' },
  ENOSPC: { code: 112, text: 'There is not enough space on the disk' },
  EIO: { code: 1117, text: 'The request could not be performed because of an I/O device error' },
};

export interface OsProfile {
  name: OsName;
  lineEnd: '\n' | '\r\n';
  errno(name: ErrnoName): Errno;
  /** ngx_create_dir_n / ngx_open_file_n */
  createDirFn: string;
  openFileFn: string;
  /** ngx_write_fd_n (a log's write) and ngx_write_file()'s names (a temp file's: one buffer, or several). */
  writeFdFn: string;
  writeFileFn: string;
  writeChainFn: string;
  /** ngx_file_info_n: what a stat() is called in its failure's line. */
  fileInfoFn: string;
  /** ngx_open_dir_n: a directory opened to be listed (autoindex). */
  openDirFn: string;
  /** ngx_recv / ngx_send_chain's names in their failures: Winsock's WSARecv()/WSASend() on Windows. */
  recvFn: string;
  sendFn: string;
  /**
   * How ngx_http_upstream_check_broken_connection() says the client went: epoll's EPOLLRDHUP on
   * Linux, a recv(MSG_PEEK) of select() on Windows.
   */
  brokenConnection: string;
  /** Milliseconds a refused connect takes before it is reported. */
  refusedConnectDelayMs: number;
  /** NGX_HAVE_CASELESS_FILESYSTEM: locations match without case. */
  caselessLocations: boolean;
  /** The TID nginx prints after `PID#`: the pid itself on Linux, a thread id unlike it on Windows. */
  tid(pid: number): number;
  /** A path as nginx prints it: Windows shows the prefix (or a root) with backslashes, the rest as written. */
  displayPath(prefix: string, path: string): string;
}

/**
 * A path as Windows nginx prints it (fixtures 04, 05, 27: `D:\cjwm\nginx-1.20.2/html/sky/admin/x`):
 * its prefix is its own folder, with backslashes, and what the conf and the URI add is joined with
 * `/`. A root outside the prefix is shown the same way: the root as a Windows path, then the URI.
 */
function windowsPath(prefix: string, roots: readonly string[], path: string): string {
  const windows = (p: string) => 'C:' + p.replace(/\//g, '\\');
  const under = (p: string, dir: string) => p === dir || p.startsWith(dir + '/');
  const base = prefix.replace(/\/+$/, '');
  const dir = under(path, base) ? base : roots.find((r) => under(path, r));
  if (dir) return windows(dir) + path.slice(dir.length);
  return path.startsWith('/') ? windows(path) : path;
}

export const DEFAULT_WINDOWS_REFUSED_DELAY_MS = 2000;

/** `roots`: the conf's static roots (absolute), for the Windows paths of files under them. */
export function osProfile(name: OsName, opts: { refusedConnectDelayMs?: number; roots?: readonly string[] } = {}): OsProfile {
  if (name === 'linux') {
    return {
      name,
      lineEnd: '\n',
      errno: (n) => LINUX_ERRNO[n],
      createDirFn: 'mkdir()',
      openFileFn: 'open()',
      writeFdFn: 'write()',
      writeFileFn: 'pwrite()',
      writeChainFn: 'pwritev()',
      fileInfoFn: 'stat()',
      openDirFn: 'opendir()',
      recvFn: 'recv()',
      sendFn: 'writev()',
      brokenConnection: 'epoll_wait() reported that client prematurely closed connection',
      refusedConnectDelayMs: opts.refusedConnectDelayMs ?? 0,
      caselessLocations: false,
      tid: (pid) => pid,
      displayPath: (_prefix, path) => path,
    };
  }
  // Without trailing slashes, longest first: the innermost root a file is under names it.
  const roots = [...new Set((opts.roots ?? []).map((r) => r.replace(/\/+$/, '')).filter(Boolean))].sort((a, b) => b.length - a.length);
  return {
    name,
    lineEnd: '\r\n',
    errno: (n) => WINDOWS_ERRNO[n],
    createDirFn: 'CreateDirectory()',
    openFileFn: 'CreateFile()',
    writeFdFn: 'WriteFile()',
    writeFileFn: 'WriteFile()',
    writeChainFn: 'WriteFile()',
    fileInfoFn: 'GetFileAttributesEx()',
    openDirFn: 'FindFirstFile()',
    recvFn: 'WSARecv()',
    sendFn: 'WSASend()',
    brokenConnection: 'client prematurely closed connection',
    refusedConnectDelayMs: opts.refusedConnectDelayMs ?? DEFAULT_WINDOWS_REFUSED_DELAY_MS,
    caselessLocations: true,
    // Windows thread ids are multiples of 4 and unrelated to the pid.
    tid: (pid) => ((pid * 2654435761) % 60000) * 4 + 4,
    displayPath: (prefix, path) => windowsPath(prefix, roots, path),
  };
}

export function hostOs(): OsName {
  return process.platform === 'win32' ? 'windows' : 'linux';
}
