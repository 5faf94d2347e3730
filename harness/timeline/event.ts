// One mark on a run's timeline (timeline.ts keeps them, link.ts ties them to their requests, svg.ts
// draws them).
export type Lane = 'browser' | 'client' | 'proxy' | 'admin' | 'harness';

export interface TimelineEvent {
  /** ms since the run started; for a log line, the latest it can have been written. */
  t: number;
  /** End of a span (a request), ms since the start. */
  end?: number;
  lane: Lane;
  kind: 'request' | 'error-log' | 'access-log' | 'step' | 'fault' | 'observation';
  /** The whole text: the log line, the request, the step. */
  label: string;
  /** What the picture writes beside the mark: `refused [::1]`, `502`, `no live upstreams`. */
  short?: string;
  /** HTTP status, log level, or verdict. */
  detail?: string;
  /** A browser or client request's own id (`b1`, `c3`). */
  id?: string;
  /** The browser or client request (its id) this log line or admin request belongs to. */
  request?: string;
  /** `METHOD /api/...` as the client sent it (the admin server's `/admin/...` mapped back): what links match on. */
  requestLine?: string;
  /** A log line: the earliest it can have been written (the file was last seen without it). */
  from?: number;
  /** An error-log line's connection number (`*N`). */
  conn?: number;
}
