// All conditions, in the order a line is tried against them: the first whose match() takes the
// line decides its condition. The specific come before the general (a non-ASCII path before a
// missing conf file, nginx proxying to itself before a refused connect, notices before unknown).
import type { ErrorLogEntry } from '../../logs/error-log.js';
import type { Condition, ConditionId, Grouping } from '../types.js';
import { clientReset, noLiveUpstreams, proxyLoop, upstreamClosed, upstreamRefused, upstreamReset, upstreamTimeout } from './upstream.js';
import { accessDenied, bindFailed, confNotFound, hostNotFound, pathEncoding, portForbidden, signalFailed, tempDirMissing } from './startup.js';
import { bodyTooLarge, staticNotFound } from './requests.js';
import { respawnFailed, workerCrashed } from './workers.js';
import { upstreamInvalidHeader } from './invalid-header.js';
import { info, unknown } from './other.js';

export const CONDITIONS: readonly Condition[] = [
  pathEncoding,
  proxyLoop,
  upstreamRefused,
  upstreamTimeout,
  upstreamClosed,
  upstreamReset,
  upstreamInvalidHeader,
  clientReset,
  noLiveUpstreams,
  bodyTooLarge,
  signalFailed,
  accessDenied,
  tempDirMissing,
  confNotFound,
  staticNotFound,
  portForbidden,
  bindFailed,
  hostNotFound,
  workerCrashed,
  respawnFailed,
  info,
  unknown,
];

const BY_ID = new Map<ConditionId, Condition>(CONDITIONS.map((c) => [c.id, c]));

export function condition(id: ConditionId): Condition {
  return BY_ID.get(id)!;
}

/** The condition a line is evidence of, and how it groups with others. */
export function classify(e: ErrorLogEntry): { condition: ConditionId; grouping: Grouping } {
  for (const c of CONDITIONS) {
    const grouping = c.match(e);
    if (grouping) return { condition: c.id, grouping };
  }
  // unknown matches every line
  throw new Error('unreachable');
}
