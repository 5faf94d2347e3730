// ngx_http_ssi_header_filter() and ngx_http_ssi_body_filter(): which answers are parsed, what that
// does to their head, and the body's text and commands in order. An include's subrequest output
// takes its place among the parts (nginx's postpone filter): what comes after it waits until it is
// done; `wait` and `set` stop the parsing itself until then (ctx->wait).
import type { BodyFilter, HeaderFilter, HttpRequest } from '../../request.js';
import { weakEtag, type ResponseFields } from '../../http/response.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import { SSI, type SsiConf } from './conf.js';
import { SsiParser, type SsiItem } from './parse.js';
import { fail, runCommand, type CommandResult } from './commands.js';
import { sharedOf, type Included, type SsiPage } from './state.js';

const contexts = new WeakMap<HttpRequest, SsiBody>();

/** The request's SSI context, if its answer is parsed ($date_local reads its timefmt). */
export const ssiContext = (req: HttpRequest): SsiBody | undefined => contexts.get(req);

/** The media type ngx_http_test_content_type() tests: the part before `;`, lowercased. */
const mediaType = (contentType: string) => contentType.split(';')[0].trim().toLowerCase();

/** The header filter's test: ssi on, a body that may have commands, one of ssi_types. */
function parsed(loc: SsiConf, f: ResponseFields): boolean {
  if (!loc.ssi || f.contentLength === 0 || !f.contentType) return false;
  return loc.ssiTypes === '*' || loc.ssiTypes.has(mediaType(f.contentType));
}

/** The main request's page will be parsed: ngx_http_clear_accept_ranges() takes its ranges away. */
export const willParse = (req: HttpRequest, f: ResponseFields): boolean => !req.parent && parsed(moduleConf(req.loc, SSI), f);

export const ssiHeaderFilter: HeaderFilter = (req, f) => {
  const loc = moduleConf(req.loc, SSI);
  if (!parsed(loc, f)) return f;
  if (req.hasBody(f.status)) {
    const body = new SsiBody(req, loc);
    contexts.set(req, body);
    req.addBodyFilter(body);
  }
  if (req.parent) return f;
  // The page's length, ranges and validators are no longer the file's.
  const extra = loc.ssiLastModified ? weakEtag(f.extra ?? []) : (f.extra ?? []).filter(([n]) => n.toLowerCase() !== 'etag');
  return {
    ...f,
    contentLength: undefined,
    lastModified: loc.ssiLastModified ? f.lastModified : undefined,
    extra: extra.filter(([n]) => n.toLowerCase() !== 'accept-ranges'),
    rangeHeaders: f.rangeHeaders?.filter(([n]) => n.toLowerCase() !== 'accept-ranges'),
  };
};

/** One answer's SSI processing (ngx_http_ssi_ctx_t). */
export class SsiBody implements BodyFilter, SsiPage {
  private readonly parser: SsiParser;
  private readonly out: (Buffer | Included)[] = [];
  private next?: (b: Buffer) => void;
  private done?: () => void;
  /** ctx->wait: the include the parsing waits for. */
  private waiting?: Included;
  private discarded = false;
  resumed = false;
  /** ctx->output: text and commands take effect (false in an if's other branch, and in a block). */
  output = true;
  /** ctx->output_chosen: a branch of this if was taken. */
  outputChosen = false;
  /** ctx->conditional: 0 outside an if, 1 after if or elif, 2 after else. */
  conditional = 0;
  /** The block being recorded (ctx->block). */
  block?: string;
  encoding: 'entity' | 'url' | 'none' = 'entity';
  timefmt = '%A, %d-%b-%Y %H:%M:%S %Z';
  errmsg = '[an error occurred while processing the directive]';

  constructor(
    readonly req: HttpRequest,
    readonly conf: SsiConf,
  ) {
    this.parser = new SsiParser(conf.ssiValueLength);
  }

  write(b: Buffer, next: (b: Buffer) => void): void {
    this.next = next;
    this.parser.push(b.toString('latin1'));
    this.run();
  }

  end(next: (b: Buffer) => void, done: () => void): void {
    this.next = next;
    this.done = done;
    this.parser.end();
    this.run();
  }

  discard(): void {
    this.discarded = true;
    this.out.length = 0;
  }

  /** Text to the output (or to the block being recorded). */
  emit(text: string): void {
    if (this.output) this.out.push(Buffer.from(text, 'latin1'));
    else if (this.block !== undefined) this.recordBlock(text);
  }

  recordBlock(text: string): void {
    const blocks = sharedOf(this.req).blocks;
    blocks.set(this.block!, (blocks.get(this.block!) ?? '') + text);
  }

  /** An include's place, after what is already out; `wait`: the parsing stops until it is done. */
  include(wait: boolean): Included {
    const part: Included = { chunks: [], done: false };
    this.out.push(part);
    if (wait) this.waiting = part;
    return part;
  }

  /** The include has more bytes, or is done: the output goes on, and the parsing if it waited. */
  included(part: Included): void {
    if (part.done && part === this.waiting) {
      this.waiting = undefined;
      this.resumed = true;
    }
    // Later, as nginx runs a finished subrequest's parent from its posted requests.
    process.nextTick(() => this.run());
  }

  private run(): void {
    if (this.discarded) return;
    let item: SsiItem | undefined;
    while (!this.waiting && (item = this.parser.next())) this.handle(item);
    this.flush();
    if (this.parser.drained && !this.waiting && !this.out.length && this.done) {
      const done = this.done;
      this.done = undefined;
      done();
    }
  }

  private handle(item: SsiItem): void {
    if ('text' in item) return this.emit(item.text);
    let result: CommandResult;
    if ('error' in item) result = fail(this, item.error);
    else result = runCommand(this, item.command, item.params);
    // ssi_error: the errmsg in the command's place, unless ssi_silent_errors.
    if (result === 'error' && !this.conf.ssiSilentErrors) this.out.push(Buffer.from(this.errmsg, 'latin1'));
  }

  /** The parts in order, up to the first include not yet done (ngx_http_postpone_filter). */
  private flush(): void {
    const next = this.next;
    if (!next) return;
    while (this.out.length) {
      const part = this.out[0];
      if (Buffer.isBuffer(part)) next(part);
      else {
        for (const c of part.chunks.splice(0)) next(c);
        if (!part.done) return;
      }
      this.out.shift();
    }
  }
}
