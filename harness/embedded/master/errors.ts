// What the master's callers catch: a failed start, sockets that cannot be opened again, a crash
// that has no worker to end.

import { UserError } from '../../errors.js';

/** A start-up failure: the `[emerg]` line was written; the master exits 1. */
export class StartupError extends Error {}

/** The workers did not start: one did not say it listened in time, or had no listen for a socket it was given. */
export class WorkerStartError extends UserError {}

/** A running master could not open its listening sockets again (restore); it keeps running. */
export class ListenAgainError extends Error {}

/** A crash that cannot be done now (no worker, or every one already crashing). */
export class NoWorkerError extends Error {}
