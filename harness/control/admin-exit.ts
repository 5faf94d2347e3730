// The doctor reads only nginx's lines; the harness knows when the user's server that it started
// (--admin-command) ended by itself. An incident of an upstream that is gone, after that, says so.
import type { Stack } from '../stack/stack.js';
import type { LiveIncident } from './live-incidents.js';
import { t } from '../stack/admin-command.texts.js';

/** The doctor's conditions of an upstream that is gone: with the pass-through, nginx sees its reset. */
const UPSTREAM_GONE: ReadonlySet<LiveIncident['condition']> = new Set(['upstream-reset', 'upstream-refused', 'no-live-upstreams', 'upstream-closed']);

/**
 * An incident of an upstream that is gone, after the user's server that the harness started
 * (--admin-command) had ended by itself: the doctor reads only nginx's lines, the harness knows why.
 */
export function withAdminExit(i: LiveIncident, stack: Pick<Stack, 'adminCommand'>): LiveIncident {
  const c = stack.adminCommand;
  if (!c?.exit || c.stopping || !UPSTREAM_GONE.has(i.condition) || Date.parse(i.at) < c.exit.at.getTime()) return i;
  const why = t('adminCommand.incidentCause', { pid: c.pid, how: c.how(), time: c.exit.at.toISOString().slice(11, 19) });
  return { ...i, cause: `${why} ${i.cause}` };
}

