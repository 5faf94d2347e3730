// What the harness needs of a proxy engine, whichever runs: the embedded one or real nginx.
import type { OsName } from '../os-profile.js';
import type { ProxyReadiness } from './ready.js';
import { UserError } from '../errors.js';

export type EngineName = 'embedded' | 'nginx';
export const ENGINES: readonly EngineName[] = ['embedded', 'nginx'];

export interface EngineStartOptions {
  prefix: string;
  /** conf/nginx.conf, relative to the prefix. */
  conf: string;
  os: OsName;
  version?: string;
  refusedConnectDelayMs?: number;
  /** What the proxy answers, and where, once it is up (the ready check). */
  ready: ProxyReadiness;
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** Ports that refuse to bind (the Windows profile's excluded port ranges). */
  reservedPorts?: number[];
  /** Bind the conf's wildcard listens on every interface, as written; else on loopback (harness/loopback.ts). */
  bindAny?: boolean;
  /**
   * Told once the engine has begun to start its processes (real nginx spawned; the embedded master
   * binding its sockets and handing them to its workers), when what is left is theirs to do.
   */
  starting?: () => void;
  /** Real nginx: the binary the user named (--nginx), and the user's nginx folder (--nginx-dir), which holds nginx.exe on Windows. */
  nginx?: { named?: string; dir?: string };
  /** Aborted: the start ends at once, with what it started stopped, and rejects. */
  signal?: AbortSignal;
}

/** A proxy that could not start: nginx's emerg lines and what they mean. */
export class ProxyStartError extends Error {
  constructor(
    message: string,
    readonly emerg: string[],
    readonly exitCode: number | null,
  ) {
    super(message);
  }
}

/** A fault this engine cannot show. */
export class UnsupportedFault extends UserError {}

export interface CrashOptions {
  /** Linux: the signal (default SIGSEGV). */
  signal?: NodeJS.Signals;
  /** An exit code: a number on Linux, a Windows status like C0000005 in the Windows profile. */
  code?: string;
}

export interface ProxyEngine {
  readonly name: EngineName;
  readonly prefix: string;
  /** The master's pid (the embedded engine's master runs in the harness's own process). */
  readonly pid: number;
  /** Resolves when the master has gone: stopped, or (real nginx) exited on its own. */
  readonly exited: Promise<{ code: number | null; signal: string | null }>;
  readonly running: boolean;
  /** Pids of the worker processes now. */
  workers(): Promise<number[]>;
  /** Crashes one worker; resolves with its pid once it has exited (its master has reaped it). */
  crashWorker(o?: CrashOptions): Promise<number>;
  /** Makes respawns fail (true) or succeed again (false). */
  failRespawns(on: boolean): Promise<void>;
  /** Undoes the faults; a master left without workers starts them again. */
  restore(): Promise<void>;
  stop(): Promise<void>;
}
