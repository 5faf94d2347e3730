// The two proxy engines in one place: how each starts, and what the stack asks of an engine
// beyond the ProxyEngine it gets back. Each engine's modules load only when it runs (real nginx's
// execa, the embedded master and its workers' code), so the stack imports this file and never an
// engine's own; the conf reader, which the stack needs whichever engine runs, loads with it.
import type { EngineName, EngineStartOptions, ProxyEngine } from '../engine/engine.js';
import type { OsName } from '../os-profile.js';
import type { NginxConf } from '../nginx-conf/model.js';
import { loadConf } from '../nginx-conf/load.js';
import { ENGINE_CONF } from '../embedded/modules.js';

export async function startEngine(name: EngineName, o: EngineStartOptions): Promise<ProxyEngine> {
  // One engine of the two loads: ~40 ms (embedded) or ~70 ms (nginx) saved at start-up.
  if (name === 'nginx') return (await import('../nginx/engine.js')).startNginx(o);
  return (await import('../embedded/engine.js')).startEmbedded(o);
}

/**
 * How the rendered conf names the admin server's peers for this engine: `implicit`
 * (`proxy_pass http://localhost:PORT`, both loopbacks) or `explicit` (an upstream block with both),
 * for a real nginx on a machine whose `localhost` is IPv4 only.
 */
export async function localhostMode(name: EngineName): Promise<'implicit' | 'explicit'> {
  // As startEngine: the nginx engine's ~70 ms only when it runs.
  if (name === 'nginx') return (await import('../nginx/engine.js')).nginxLocalhostMode();
  return 'implicit';
}

/** nginx.conf as the embedded engine reads it (both engines run the same file); throws ConfError. */
export function loadNginxConf(prefix: string, conf: string): NginxConf {
  return loadConf({ prefix, conf, ...ENGINE_CONF });
}

/** Ends the worker the CLI pre-booted for the embedded engine, when the stack will not use it. */
export { discardPrebooted } from '../embedded/preboot.js';

/**
 * Why the workers of a user's own conf could not serve one of its roots (started as root), if they
 * could not. Its modules load only for a user's own conf.
 */
export async function unreachableRoot(conf: NginxConf, os: OsName, confFile: string): Promise<string | undefined> {
  // ~20 ms of start-up saved when the conf is the rendered one.
  return (await import('./worker-access.js')).unreachableRoot(conf, os, confFile);
}
