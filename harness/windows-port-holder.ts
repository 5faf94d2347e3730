// Who listens on a TCP port, on Windows: `netstat -ano -p TCP` (then `-p TCPv6`) for the listening
// line of the port and its PID, then `tasklist /FI "PID eq N" /FO CSV /NH` for the program's name.
// Both print in the console's code page (936, GBK, on a Chinese system) and translate their
// headers (协议 本地地址 外部地址 状态 PID), not their rows: the rows are read by position, and
// the protocol, the addresses, LISTENING and the PID are ASCII in every language. Only the
// program's name may not be: it is read as UTF-8 where the bytes are UTF-8 (chcp 65001), else as GBK.
import { execa } from 'execa';

/** Runs a console command to its end: what it printed on stdout (injected by the tests). */
export type ConsoleRun = (file: string, args: string[]) => Promise<Uint8Array>;

/** A listening socket's foreign address: what a translated state (not LISTENING) still shows. */
const NO_PEER = new Set(['0.0.0.0:0', '[::]:0']);

/** The PID that listens on `port` in netstat -ano's output, if a line says so. */
export function listeningPid(netstat: string, port: number): number | undefined {
  for (const line of netstat.split(/\r?\n/)) {
    const [proto, local, foreign, state, pid, ...rest] = line.trim().split(/\s+/);
    if (proto !== 'TCP' || rest.length || !/^\d+$/.test(pid ?? '')) continue;
    if (state !== 'LISTENING' && !NO_PEER.has(foreign)) continue;
    if (Number(local.slice(local.lastIndexOf(':') + 1)) === port) return Number(pid);
  }
  return undefined;
}

/** The program's name in tasklist /FO CSV /NH's row of `pid`: "nginx.exe","6120","Console","1","8,204 K". */
export function imageName(csv: string, pid: number): string | undefined {
  for (const line of csv.split(/\r?\n/)) {
    const m = /^"((?:[^"]|"")*)","(\d+)"/.exec(line.trim());
    if (m && Number(m[2]) === pid) return m[1].replaceAll('""', '"');
  }
  return undefined;
}

/**
 * A console's output as text: UTF-8 when the bytes are UTF-8, else GBK (code page 936); Latin-1
 * where this Node has no GBK decoder (a build without full ICU): the ASCII fields read the same.
 */
export function consoleText(bytes: Uint8Array): string {
  for (const [encoding, fatal] of [['utf-8', true], ['gbk', false]] as const) {
    try {
      return new TextDecoder(encoding, { fatal }).decode(bytes);
    } catch {
      // not this encoding, or no decoder for it
    }
  }
  return Buffer.from(bytes).toString('latin1');
}

const runConsole: ConsoleRun = async (file, args) => (await execa(file, args, { encoding: 'buffer', reject: false, timeout: 5000, windowsHide: true, stdin: 'ignore' })).stdout ?? new Uint8Array();

/** The process listening on TCP `port`, if netstat and tasklist can tell. */
export async function windowsPortHolder(port: number, run: ConsoleRun = runConsole): Promise<{ pid: number; command: string } | undefined> {
  try {
    for (const proto of ['TCP', 'TCPv6']) {
      const pid = listeningPid(consoleText(await run('netstat', ['-ano', '-p', proto])), port);
      if (pid === undefined) continue;
      const name = imageName(consoleText(await run('tasklist', ['/FI', `PID eq ${pid}`, '/FO', 'CSV', '/NH'])), pid);
      return { pid, command: name ?? '?' };
    }
  } catch {
    // netstat or tasklist missing or refused: the caller says "another process"
  }
  return undefined;
}
