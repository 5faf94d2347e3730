// `--conf`: the user's nginx.conf, read for facts with the engine's own parser (its tokenizer and
// block reader, nginx's include rules), so that a fix can name the line to change. Nothing here
// judges the conf: a directive the engine would refuse is read like any other, an include that is
// not on this machine is taken from the files given with --conf (a conf copied from a server), and
// a file that does not parse is said and left out rather than failing the doctor.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { expandInclude, includeNameMatcher, parseConfText, type Directive } from '../nginx-conf/parse.js';
import type { ErrorLogEntry } from '../logs/error-log.js';
import { hostPort, requestOf } from './facts.js';
import { t } from './say.js';

/** A directive of the user's conf, where it is and as it reads. */
export interface ConfPlace {
  file: string;
  line: number;
  /** `client_max_body_size 1m;`, `location /api/ {`. */
  text: string;
}

/** A block of the conf with the blocks around it (innermost first once walked). */
export interface Scope {
  d: Directive;
  up?: Scope;
}

/** `/etc/nginx/conf.d/app.conf:12 ("client_max_body_size 1m;")`. */
export function at(p: ConfPlace): string {
  return `${p.file}:${p.line} ("${p.text}")`;
}

/** What the conf needs of a request to find the server { } and location { } that served it. */
export type RequestContext = Pick<ErrorLogEntry, 'server' | 'host' | 'request'>;

export const place = (d: Directive): ConfPlace => ({ file: d.file, line: d.line, text: `${[d.name, ...d.args].join(' ')}${d.block ? ' {' : ';'}` });

/** The user's conf files, read: the first is the main conf, the others the files it includes. */
export function readConfFacts(files: string[]): { conf: ConfFacts; notes: string[] } {
  const notes: string[] = [];
  const given = files.slice(1);
  const used = new Set<string>();
  const read = (file: string, prefix: string): Directive[] => {
    used.add(file);
    let text: string;
    try {
      text = readFileSync(file, 'latin1');
    } catch (e) {
      notes.push(t('doctor.conf.unreadable', { file, code: (e as NodeJS.ErrnoException).code ?? 'error' }));
      return [];
    }
    try {
      return parseConfText(text, file, prefix, include);
    } catch (e) {
      // The parser's error as nginx words it: `unexpected "}" in FILE:LINE`.
      const c = e as { text?: string; message: string; file?: string; line?: number };
      notes.push(t('doctor.conf.unparsed', { where: `${c.file ?? file}${c.line ? `:${c.line}` : ''}`, text: c.text ?? c.message }));
      return [];
    }
  };
  // nginx's rule first (the pattern on this machine); else the given files the pattern names.
  function include(pattern: string, prefix: string, from: { file: string; line: number }): Directive[] {
    let found: string[] = [];
    try {
      found = expandInclude(pattern, prefix, from.file, from.line).filter((f) => existsSync(f));
    } catch {
      // The pattern's folder is not on this machine.
    }
    if (!found.length) {
      const matches = includeNameMatcher(basename(pattern));
      found = given.filter((f) => matches(basename(f)));
    }
    if (!found.length && !/[*?[]/.test(pattern)) notes.push(t('doctor.conf.includeMissing', { where: `${from.file}:${from.line}`, pattern }));
    return found.filter((f) => !used.has(f)).flatMap((f) => read(f, prefix));
  }
  const top = files.length ? read(files[0], dirname(files[0])) : [];
  // Given files no include named: snippets of the http { } block (a conf.d/*.conf on its own).
  const extra = given.filter((f) => !used.has(f)).flatMap((f) => read(f, dirname(files[0])));
  return { conf: new ConfFacts([...top, ...extra]), notes };
}

/** Queries on the user's conf: which server and location served a request, and what is in force there. */
export class ConfFacts {
  private readonly main: Directive[];
  private readonly http: Scope;
  private readonly servers: Scope[];

  constructor(top: Directive[]) {
    this.main = top;
    const http = top.find((d) => d.name === 'http');
    // Without an http { } block the files are its contents (conf.d snippets).
    const httpD: Directive = http ?? { name: 'http', args: [], file: top[0]?.file ?? '', line: 0, block: top.filter((d) => d.name !== 'events') };
    this.http = { d: httpD };
    this.servers = [...(httpD.block ?? []), ...(http ? top.filter((d) => d.name === 'server') : [])]
      .filter((d) => d.name === 'server' && d.block)
      .map((d) => ({ d, up: this.http }));
  }

  /** A main-context or events { } directive (worker_connections, worker_rlimit_nofile, ...), and the block to add it to. */
  global(name: string): { set?: ConfPlace; block?: ConfPlace } {
    const events = this.main.find((d) => d.name === 'events');
    const inEvents = events?.block?.find((d) => d.name === name);
    const inMain = this.main.find((d) => d.name === name);
    const set = inEvents ?? inMain;
    if (set) return { set: place(set) };
    return name === 'worker_connections' && events ? { block: place(events) } : {};
  }

  /** Every directive of that name, wherever it is. */
  directives(name: string): Directive[] {
    const out: Directive[] = [];
    const walk = (ds: Directive[]) => {
      for (const d of ds) {
        if (d.name === name) out.push(d);
        if (d.block) walk(d.block);
      }
    };
    walk(this.main);
    return out;
  }

  /** Every directive of that name, wherever it is, as it reads. */
  all(name: string): ConfPlace[] {
    return this.directives(name).map(place);
  }

  /** The server { } that served a line's request: by the `server:` nginx printed (its first server_name), else the Host's port. */
  private serverFor(e: RequestContext): Scope | undefined {
    const named = (s: Scope) => s.d.block!.find((d) => d.name === 'server_name')?.args[0] ?? '';
    if (e.server !== undefined) {
      const byName = this.servers.filter((s) => named(s) === e.server);
      if (byName.length === 1) return byName[0];
    }
    const port = hostPort(e.host);
    const listening = (s: Scope) => s.d.block!.filter((d) => d.name === 'listen').map((d) => Number(/(\d+)$/.exec(d.args[0] ?? '')?.[1] ?? NaN));
    const byPort = port !== undefined ? this.servers.filter((s) => listening(s).includes(port)) : [];
    return byPort[0] ?? this.servers[0];
  }

  /** nginx's location choice in one block: `=` exact, else the longest prefix, unless a regex matches first (not after `^~`). */
  private locationIn(scope: Scope, uri: string): Scope | undefined {
    const locs = (scope.d.block ?? []).filter((d) => d.name === 'location' && d.block);
    let best: Directive | undefined;
    let bestLen = -1;
    for (const d of locs) {
      const [mod, arg] = d.args.length > 1 ? d.args : ['', d.args[0] ?? ''];
      if (mod === '=' && uri === arg) return { d, up: scope };
      if ((mod === '' || mod === '^~') && !arg.startsWith('@') && uri.startsWith(arg) && arg.length > bestLen) {
        best = d;
        bestLen = arg.length;
      }
    }
    const stop = best && best.args.length > 1 && best.args[0] === '^~';
    if (!stop) {
      for (const d of locs) {
        const [mod, arg] = d.args;
        if (mod !== '~' && mod !== '~*') continue;
        try {
          if (new RegExp(arg, mod === '~*' ? 'i' : '').test(uri)) return { d, up: scope };
        } catch {
          // A PCRE-only pattern JavaScript cannot read: not chosen.
        }
      }
    }
    return best ? { d: best, up: scope } : undefined;
  }

  /** The innermost block that served a line's request: a location, else its server, else http. */
  scopeFor(e: RequestContext): Scope {
    const server = this.serverFor(e);
    if (!server) return this.http;
    const uri = requestOf(e.request)?.path;
    let scope: Scope = server;
    if (uri === undefined) return scope;
    for (let next = this.locationIn(scope, uri); next; next = this.locationIn(scope, uri)) scope = next;
    return scope;
  }

  /** The directive `name` in force for a line's request (location → server → http), and the block it would be added to. */
  inForce(name: string, e: RequestContext): { set?: ConfPlace; block?: ConfPlace } {
    const inner = this.scopeFor(e);
    for (let s: Scope | undefined = inner; s; s = s.up) {
      const d = s.d.block?.find((x) => x.name === name);
      if (d) return { set: place(d) };
    }
    return inner.d.line ? { block: place(inner.d) } : {};
  }

  /** The `*_pass` of the block that served a line's request, else every `*_pass` whose target names `to`. */
  passFor(e: ErrorLogEntry, to?: string): ConfPlace[] {
    const PASS = /^(?:proxy|fastcgi|uwsgi|scgi|grpc)_pass$/;
    for (let s: Scope | undefined = this.scopeFor(e); s; s = s.up) {
      const d = s.d.block?.find((x) => PASS.test(x.name));
      if (d && (to === undefined || d.args[0]?.includes(to) || !this.all(d.name).some((p) => p.text.includes(to)))) return [place(d)];
    }
    if (to === undefined) return [];
    const out: ConfPlace[] = [];
    const walk = (ds: Directive[]) => {
      for (const d of ds) {
        if ((PASS.test(d.name) || (d.name === 'server' && !d.block)) && d.args[0]?.includes(to)) out.push(place(d));
        if (d.block) walk(d.block);
      }
    };
    walk(this.main);
    return out;
  }

  /** The `upstream NAME { }` block of the http { } block. */
  upstream(name: string): Directive | undefined {
    return this.http.d.block?.find((d) => d.name === 'upstream' && d.args[0] === name && d.block);
  }

  /** The `listen` lines on a port. */
  listens(port: number): ConfPlace[] {
    return this.all('listen').filter((p) => new RegExp(`(?:^listen |:)${port}[ ;]`).test(p.text));
  }
}
