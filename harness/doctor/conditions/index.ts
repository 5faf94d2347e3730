// All conditions, in the order a line is tried against them: the first whose match() takes the
// line decides its condition. The specific come before the general (a non-ASCII path before a
// missing conf file, nginx proxying to itself before a refused connect, a unix socket before any
// other connect, the client's side before notices, notices before unknown). A line is put under a
// condition only on the evidence of that line; what it may point to besides goes into the
// explanation.
import type { ErrorLogEntry } from '../../logs/error-log.js';
import type { Condition, ConditionId, Grouping } from '../types.js';
import { noLiveUpstreams, proxyLoop, upstreamClosed, upstreamConnectTimeout, upstreamRefused, upstreamReset, upstreamTimeout, upstreamUnreachable } from './upstream.js';
import { upstreamBadChunked, upstreamHeaderTooBig, upstreamInvalidHeader, upstreamSsl } from './upstream-response.js';
import { fastcgiStderr, unixSocketFailed, upstreamCheckFailed } from './backends.js';
import { bodyBuffered, clientBadRequest, clientClosed, clientReset, rateLimited, responseBuffered } from './client.js';
import { accessDeniedRule, bodyTooLarge, directoryIndexForbidden, rewriteCycle, staticNotFound } from './requests.js';
import { confBadArgs, confEmbeddedUnsupported, confNotAllowedHere, confUnknownDirective, hashTooSmall, sslCert } from './configuration.js';
import { accessDenied, bindFailed, confNotFound, hostNotFound, pathEncoding, portForbidden, signalFailed, tempDirMissing } from './startup.js';
import { respawnFailed, tooManyOpenFiles, workerConnections, workerCrashed } from './workers.js';
import { info, unknown } from './other.js';

export const CONDITIONS: readonly Condition[] = [
  pathEncoding,
  proxyLoop,
  workerConnections,
  tooManyOpenFiles,
  unixSocketFailed,
  upstreamCheckFailed,
  upstreamSsl,
  upstreamRefused,
  upstreamUnreachable,
  upstreamConnectTimeout,
  upstreamTimeout,
  upstreamClosed,
  upstreamHeaderTooBig,
  upstreamBadChunked,
  upstreamInvalidHeader,
  fastcgiStderr,
  upstreamReset,
  clientReset,
  clientClosed,
  clientBadRequest,
  noLiveUpstreams,
  bodyTooLarge,
  bodyBuffered,
  responseBuffered,
  rateLimited,
  accessDeniedRule,
  directoryIndexForbidden,
  rewriteCycle,
  sslCert,
  confUnknownDirective,
  confEmbeddedUnsupported,
  confNotAllowedHere,
  confBadArgs,
  hashTooSmall,
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
