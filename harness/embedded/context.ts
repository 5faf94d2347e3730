// What one worker process holds for its whole life: the configuration, the OS profile, its error logs,
// its end of the connection counter (shared by the workers, as in nginx) and the round-robin state
// of every upstream (per worker, as in nginx).
import type { NginxConf, UpstreamConf, LocationConf, LogTarget } from '../nginx-conf/model.js';
import type { OsProfile } from '../os-profile.js';
import { ErrorLog, openLog, type ErrorLogTarget } from '../logs/writer.js';
import { PeerGroup, type PeerSpec } from './upstream/round-robin.js';
import { ConnectionCounter } from './connection-counter.js';
import { SharedZones } from './shared-zones.js';
import { ConnectionSlots } from './connection-slots.js';

/** Upstream host → addresses, resolved once by the master (nginx resolves at configuration time). */
export type ResolvedHosts = Record<string, { address: string; family: 4 | 6 }[]>;

/** `localhost` means both loopbacks, IPv6 first, whatever this machine's hosts file says (as on users' machines). */
export const LOCALHOST: { address: string; family: 4 | 6 }[] = [
  { address: '::1', family: 6 },
  { address: '127.0.0.1', family: 4 },
];

export function peerSpecs(u: UpstreamConf, resolved: ResolvedHosts): PeerSpec[] {
  const out: PeerSpec[] = [];
  for (const s of u.servers) {
    for (const a of addressesOf(s.host, resolved)) {
      out.push({
        name: a.family === 'unix' ? s.host : a.family === 6 ? `[${a.address}]:${s.port}` : `${a.address}:${s.port}`,
        host: a.address,
        port: s.port,
        family: a.family,
        server: s.text,
        weight: s.weight,
        maxFails: s.maxFails,
        failTimeoutMs: s.failTimeoutMs,
        down: s.down,
        backup: s.backup,
      });
    }
  }
  return out;
}

/** A host's addresses: as resolved (by the master, or a location's resolver, which reads no hosts file), else its own. */
export function addressesOf(host: string, resolved: ResolvedHosts): { address: string; family: 4 | 6 | 'unix' }[] {
  if (resolved[host]) return resolved[host];
  if (host === 'localhost') return LOCALHOST;
  if (host.startsWith('unix:')) return [{ address: host.slice('unix:'.length), family: 'unix' }];
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return [{ address: host, family: 4 }];
  if (host.includes(':')) return [{ address: host, family: 6 }];
  return [];
}

export interface WorkerOptions {
  conf: NginxConf;
  os: OsProfile;
  /** The emulated nginx's version, as `Server:` and the pages show it. */
  version: string;
  resolved: ResolvedHosts;
  /** The connection counter's file (WorkerEnv.connectionCounter). */
  connectionCounter: string;
  /** The shared memory zones' file (WorkerEnv.sharedZones). */
  sharedZones: string;
  /** Wildcard listens bind every interface, not their loopback (WorkerEnv.bindAny). */
  bindAny?: boolean;
}

export class WorkerContext {
  readonly conf: NginxConf;
  readonly os: OsProfile;
  readonly version: string;
  readonly pid = process.pid;
  readonly bindAny: boolean;
  readonly errorLog: ErrorLog;
  private readonly connections: ConnectionCounter;
  /** ngx_exiting: the worker shuts down gracefully (SIGQUIT); answers end their connections. */
  exiting = false;
  /** limit_req_zone's zones, shared by every worker. */
  readonly zones: SharedZones;
  /** worker_connections: who holds one, and who may give it up. */
  readonly slots: ConnectionSlots;
  private readonly groups = new Map<UpstreamConf, PeerGroup>();
  /** Each location's error logs, opened once. */
  private readonly errorLogs = new Map<LocationConf, ErrorLog>();
  private readonly resolved: ResolvedHosts;

  constructor(o: WorkerOptions) {
    this.conf = o.conf;
    this.os = o.os;
    this.version = o.version;
    this.resolved = o.resolved;
    this.bindAny = !!o.bindAny;
    this.connections = new ConnectionCounter(o.connectionCounter);
    this.zones = new SharedZones(o.sharedZones);
    this.errorLog = new ErrorLog(this.targets(o.conf.errorLogs), this.pid, o.os.tid(this.pid), o.os.lineEnd);
    this.slots = new ConnectionSlots(o.conf.workerConnections, this.errorLog);
  }

  /** Client connections and upstream connect attempts, of every worker, share one counter (`*N` in the log). */
  nextConnection(): number {
    return this.connections.next();
  }

  peers(u: UpstreamConf): PeerGroup {
    let g = this.groups.get(u);
    if (!g) {
      // The implicit upstream of `proxy_pass http://localhost:8080/...` is named by its host only.
      const name = u.implicit ? u.servers[0].host : u.name;
      g = new PeerGroup(name, peerSpecs(u, this.resolved));
      this.groups.set(u, g);
    }
    return g;
  }

  /** The error log a request in `loc` writes to: the location's own, else the main one. */
  errorLogFor(loc: LocationConf): ErrorLog {
    if (!loc.errorLog.length) return this.errorLog;
    let log = this.errorLogs.get(loc);
    if (!log) this.errorLogs.set(loc, (log = this.errorLog.withTargets(this.targets(loc.errorLog))));
    return log;
  }

  displayPath(path: string): string {
    return this.os.displayPath(this.conf.prefix, path);
  }

  private targets(ts: LogTarget[]): ErrorLogTarget[] {
    return ts.map((t) => ({ file: openLog(t.path), level: t.level }));
  }
}
