// `harness ps` (docker compose's): the stack running from a prefix, its addresses, ports, pid,
// faults and uptime, from its state.json and its control channel.
import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { readState } from '../stack/state.js';
import { stackStatus } from '../control/channel.js';
import { jsonOption, stackPrefixOption } from './options.js';
import { guard, print } from './guard.js';
import type { Args } from './command.js';
import { printJson } from '../terminal.js';
import { commandText } from './texts.js';
import { t } from './ps.texts.js';
import { labelled } from '../stack/printer.js';

export interface StackRow {
  prefix: string;
  pid: number;
  url: string;
  control: string;
  engine: string;
  os: string;
  proxyPort: number;
  adminPort: number;
  startedAt: string;
  uptimeSeconds: number;
  detached: boolean;
  faults: string[];
  logs?: { error: string; access: string; harness?: string };
}

/** `1h02m`, `3m05s`, `12s`. */
function uptime(s: number): string {
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h ? `${h}h${String(m).padStart(2, '0')}m` : m ? `${m}m${String(sec).padStart(2, '0')}s` : `${sec}s`;
}

export async function ps(o: { prefix: string; json?: boolean }, out: (s: string) => void): Promise<number> {
  const prefix = resolve(o.prefix);
  const state = readState(prefix);
  if (!state) {
    if (o.json) return printJson(out, []);
    out(t('ps.none', { prefix }));
    return 0;
  }
  // A state.json whose pid another process has now is told apart by its control channel (an error that says what to do).
  const status = await stackStatus(prefix);
  const row: StackRow = {
    prefix,
    pid: state.pid,
    url: state.url,
    control: `${state.control.url}/?token=${state.control.token}`,
    engine: state.engine,
    os: state.os,
    proxyPort: state.proxyPort,
    adminPort: state.adminPort,
    startedAt: state.startedAt,
    uptimeSeconds: Math.max(0, Math.round((Date.now() - Date.parse(state.startedAt)) / 1000)),
    detached: !!state.logs?.harness,
    faults: status.faults.map((f) => f.label),
    logs: state.logs,
  };
  if (o.json) return printJson(out, [row]);
  out(t(row.detached ? 'ps.headDetached' : 'ps.head', { prefix: row.prefix, pid: row.pid, uptime: uptime(row.uptimeSeconds) }));
  const admin = status.adminUpstream
    ? t('ps.adminUpstream', { port: row.adminPort, upstream: status.adminUpstream, mode: String(status.admin) })
    : t(status.admin === 'external' ? 'ps.adminExternal' : 'ps.adminStandIn', { port: row.adminPort, mode: String(status.admin) });
  const rows = labelled([
    [t('ps.url'), row.url],
    [t('ps.proxy'), t('ps.proxyText', { engine: row.engine, os: row.os, port: row.proxyPort })],
    [t('ps.admin'), admin],
    [t('ps.faults'), row.faults.length ? row.faults.join(', ') : t('ps.noFaults')],
    [t('ps.control'), row.control],
  ]);
  for (const r of rows) out(`  ${r}`);
  return 0;
}

export const builder = (y: Argv) => y.option('prefix', stackPrefixOption(commandText('cli.prefix.stack'))).option('json', jsonOption());

export const handler = (a: Args<typeof builder>) => guard(() => ps({ prefix: a.prefix, json: a.json }, print));
