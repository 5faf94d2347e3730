// What the SSI commands work on: a page being parsed (filter.ts's SsiBody), the state the main
// request's pages share, an include's place in the output.
import type { HttpRequest } from '../../request.js';
import type { SsiConf } from './conf.js';

/** An include's place in the output: its bytes so far, and whether it is done. */
export interface Included {
  chunks: Buffer[];
  done: boolean;
}

/** What an SSI page shares with the pages it includes (the main request's ctx): `set` variables, blocks, the last regex's captures. */
export interface SsiShared {
  variables: Map<string, string>;
  /** Each block's text, by name (the commands in it kept as text). */
  blocks: Map<string, string>;
  captures: string[];
}

const shared = new WeakMap<HttpRequest, SsiShared>();

/** The main request's shared state (made with its first SSI page). */
export function sharedOf(req: HttpRequest): SsiShared {
  let main = req;
  while (main.parent) main = main.parent;
  let s = shared.get(main);
  if (!s) shared.set(main, (s = { variables: new Map(), blocks: new Map(), captures: [] }));
  return s;
}

/** A page being parsed (ngx_http_ssi_ctx_t), as its commands see it. */
export interface SsiPage {
  readonly req: HttpRequest;
  readonly conf: SsiConf;
  output: boolean;
  outputChosen: boolean;
  conditional: number;
  block?: string;
  encoding: 'entity' | 'url' | 'none';
  timefmt: string;
  errmsg: string;
  /** The parsing went on after waiting for an include. */
  readonly resumed: boolean;
  emit(text: string): void;
  recordBlock(text: string): void;
  include(wait: boolean): Included;
  included(part: Included): void;
}
