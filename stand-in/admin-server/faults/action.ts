// What a wire fault does to a request it applies to, at one of three stages: before the controller
// runs (a delay), in its place (an answer of the fault's own, or none), and on the way out (how the
// answer's bytes leave). The faults themselves (harness/faults/admin-*.ts) are made of these.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

export type WireAction = DelayAction | AnswerAction | ShapeAction;

/** The request waits before the controller sees it (a slow server). Matching delays add up. */
export interface DelayAction {
  readonly stage: 'delay';
  /** `random` is the fault's own seeded generator, in [0, 1). */
  delayMs(random: () => number): number;
}

/** The fault answers instead of the controller; of several that match, the newest. */
export interface AnswerAction {
  readonly stage: 'answer';
  /** `http`: an HTTP answer, which the shaping faults shape; `wire`: bytes (or none) on the connection itself. */
  readonly answers: 'http' | 'wire';
  answer(x: WireExchange): void;
}

/** How the answer's bytes leave: of each kind, the newest matching fault, applied in the order
 *  head, truncate, pace, end. */
export interface ShapeAction {
  readonly stage: 'shape';
  readonly kind: ShapeKind;
  shape(plan: DeliveryPlan): void;
}

export type ShapeKind = 'head' | 'truncate' | 'pace' | 'end';

/** The request as a fault that answers sees it. */
export interface WireExchange {
  readonly req: IncomingMessage;
  /** The connection, for an answer that is not HTTP (a reset, bytes that are not a response). */
  readonly socket: Socket;
  /** Resolves once the whole request, body included, has been read (a close before then would be a reset). */
  requestRead(): Promise<void>;
  /** The answer the real server gives with this status of its own accord. */
  answerStatus(status: number): void;
  /** Leaves the request unanswered until the fault is removed; the controller answers it then. */
  hold(): void;
  /** The fault's own seeded generator, in [0, 1). */
  readonly random: () => number;
}

/** How an answer goes out; each shaping fault changes it. */
export interface DeliveryPlan {
  /** Header lines added to the answer's own. */
  headers: [name: string, value: string][];
  /** The body to send (the controller's, or cut short). */
  body: Buffer;
  /** The Content-Length header: the answer's own, the length of the whole body (before any cut),
   *  or none (the answer then ends with its connection's close, or its last chunk). */
  contentLength: 'keep' | 'whole' | 'none';
  /** The body in pieces, each sent `afterMs` after the one before (the first after the head);
   *  unset: the body at once, with the head. */
  pieces?: { bytes: Buffer; afterMs: number }[];
  /** How long after the last piece the answer ends (each shaping fault adds to it). */
  endAfterMs: number;
  /** `end`: the answer ends as HTTP says; `close`: the connection is closed where the bytes stop. */
  end: 'end' | 'close';
}
