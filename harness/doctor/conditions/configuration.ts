// Conditions of a configuration nginx refuses (`nginx -t` and every start say so, with the file and
// line): a directive it does not know, one in a block where it is not allowed, one with the wrong
// number of arguments, a hash table too small for the server names or types, and a certificate or
// key it cannot load.
import type { ErrorLogEntry } from '../../logs/error-log.js';
import type { Condition, Group } from '../types.js';
import { at, entries, first } from './group.js';
import { looksWindows } from '../facts.js';
import { count, inYourConf } from '../say.js';
import { t } from './configuration.texts.js';
import type { TextKey } from '../../i18n/index.js';
import { doctorText } from '../texts.js';

const where = (e: ErrorLogEntry) => (e.conf ? `${e.conf.file}:${e.conf.line}` : 'nginx.conf');
const times = (g: Group) => (g.lines.length > 1 ? doctorText('doctor.paren', { s: count(g.lines.length, 'start') }) : '');
/** `nginx refused its configuration (3 starts)`: how each of these causes begins. */
const refused = (g: Group) => t('doctor.conf.refused', { times: times(g) });
const check = (e: ErrorLogEntry) => t(looksWindows(e) ? 'doctor.conf.checkWindows' : 'doctor.conf.checkLinux');
const repeat = (e: ErrorLogEntry, what: string) => ({ by: 'repeat' as const, key: `${what}|${e.message}|${where(e)}` });

// ---- conf-unknown-directive -------------------------------------------------------------------

const UNKNOWN = /^unknown directive "(.*)"$/;

/** Directives of modules a stock build may lack, and what provides them. */
const MODULES: [RegExp, TextKey<typeof t>][] = [
  [/^(?:more_set_headers|more_clear_headers|more_set_input_headers)$/, 'doctor.module.headersMore'],
  [/^(?:lua_|content_by_lua|access_by_lua|rewrite_by_lua|init_by_lua|set_by_lua|header_filter_by_lua|body_filter_by_lua|log_by_lua)/, 'doctor.module.lua'],
  [/^(?:brotli|brotli_)/, 'doctor.module.brotli'],
  [/^geoip2?_/, 'doctor.module.geoip'],
  [/^(?:ssl_|http2|quic|http3)/, 'doctor.module.builtWithout'],
  [/^js_/, 'doctor.module.njs'],
  [/^stream$/, 'doctor.module.stream'],
];

export const confUnknownDirective: Condition = {
  id: 'conf-unknown-directive',
  match(e) {
    return UNKNOWN.test(e.message) ? repeat(e, 'unknown') : undefined;
  },
  explain(g) {
    const e = first(entries(g));
    const name = UNKNOWN.exec(e.message)![1];
    const key = MODULES.find(([re]) => re.test(name))?.[1];
    const module = key && t(key);
    const bom = /^\uFEFF|^ï»¿/.test(name);
    const why = bom ? t('doctor.unknownDirective.bom') : module ? t('doctor.unknownDirective.module', { module }) : t('doctor.unknownDirective.typo');
    const what = bom
      ? t('doctor.unknownDirective.saveNoBom', { file: e.conf?.file ?? t('doctor.conf.theFile') })
      : module
        ? t('doctor.unknownDirective.install', { module })
        : t('doctor.unknownDirective.correct', { where: where(e) });
    return {
      cause: t('doctor.unknownDirective.cause', { refused: refused(g), name, where: where(e), why }),
      fix: t('doctor.unknownDirective.fix', { what, check: check(e) }),
      detail: { directive: name, at: where(e) },
    };
  },
};

// ---- conf-embedded-unsupported ----------------------------------------------------------------

/** The embedded engine's refusal of what nginx reads (harness/nginx-conf/error.ts unsupported()). */
const UNSUPPORTED = /^(.*) (?:is|are) not supported by the embedded engine; run real nginx on this conf \(harness up --proxy nginx\)$/;

export const confEmbeddedUnsupported: Condition = {
  id: 'conf-embedded-unsupported',
  match(e) {
    return UNSUPPORTED.test(e.message) ? repeat(e, 'unsupported') : undefined;
  },
  explain(g) {
    const e = first(entries(g));
    const what = UNSUPPORTED.exec(e.message)![1];
    return {
      cause: t('doctor.unsupported.cause', { what, where: where(e), times: times(g) }),
      fix: t('doctor.unsupported.fix', { where: where(e) }),
      detail: { what, at: where(e) },
    };
  },
};

// ---- conf-not-allowed-here --------------------------------------------------------------------

const NOT_HERE = /^"(.*)" directive is not allowed here$/;

/** Where the directives users most often misplace belong. */
const BELONGS: Record<string, TextKey<typeof t>> = {
  server: 'doctor.belongs.server',
  http: 'doctor.belongs.http',
  location: 'doctor.belongs.location',
  upstream: 'doctor.belongs.upstream',
  proxy_pass: 'doctor.belongs.proxy_pass',
  events: 'doctor.belongs.events',
  worker_processes: 'doctor.belongs.worker_processes',
  worker_connections: 'doctor.belongs.worker_connections',
  stream: 'doctor.belongs.stream',
  map: 'doctor.belongs.map',
  limit_req_zone: 'doctor.belongs.limit_req_zone',
  if: 'doctor.belongs.if',
};

export const confNotAllowedHere: Condition = {
  id: 'conf-not-allowed-here',
  match(e) {
    return NOT_HERE.test(e.message) ? repeat(e, 'nothere') : undefined;
  },
  explain(g) {
    const e = first(entries(g));
    const name = NOT_HERE.exec(e.message)![1];
    const place = Object.hasOwn(BELONGS, name) ? t(BELONGS[name]) : undefined;
    return {
      cause: t('doctor.notHere.cause', { refused: refused(g), name, where: where(e), belongs: place ? t('doctor.notHere.belongs', { place }) : '' }),
      // Where it belongs without the aside in parentheses.
      fix: t('doctor.notHere.fix', { name, place: place ? place.replace(/ ?[(（].*[)）]$/, '') : t('doctor.belongs.index'), where: where(e), check: check(e) }),
      detail: { directive: name, at: where(e) },
    };
  },
};

// ---- conf-bad-args ----------------------------------------------------------------------------

const BAD_ARGS = /^invalid number of arguments in "(.*)" directive$/;

export const confBadArgs: Condition = {
  id: 'conf-bad-args',
  match(e) {
    return BAD_ARGS.test(e.message) ? repeat(e, 'args') : undefined;
  },
  explain(g) {
    const e = first(entries(g));
    const name = BAD_ARGS.exec(e.message)![1];
    return {
      cause: t('doctor.badArgs.cause', { refused: refused(g), name, where: where(e) }),
      fix: t('doctor.badArgs.fix', { name, where: where(e), check: check(e) }),
      detail: { directive: name, at: where(e) },
    };
  },
};

// ---- hash-too-small ---------------------------------------------------------------------------

const HASH = /^could not build (?:optimal |the )?(\w+)_hash\b/;

export const hashTooSmall: Condition = {
  id: 'hash-too-small',
  match(e) {
    const m = HASH.exec(e.message);
    return m ? { by: 'repeat', key: `hash|${m[1]}` } : undefined;
  },
  explain(g, log) {
    const e = first(entries(g));
    const name = HASH.exec(e.message)![1];
    const size = /_bucket_size: (\d+)/.exec(e.message)?.[1];
    const bucket = `${name}_hash_bucket_size`;
    const next = size ? Math.max(64, Number(size) * 2) : 64;
    const set = log.conf?.all(bucket)[0];
    const http = log.conf?.all('http')[0];
    const warn = e.level === 'warn';
    return {
      cause: t('doctor.hash.cause', {
        head: warn ? t('doctor.hash.warned') : refused(g),
        name,
        what: name === 'server_names' ? t('doctor.hash.serverNames') : name === 'types' ? t('doctor.hash.types') : t('doctor.hash.entries', { name }),
        bucket,
        size: size ? ` ${size}` : '',
        long: name === 'server_names' ? t('doctor.hash.long') : '',
      }),
      fix: t('doctor.hash.fix', {
        bucket,
        next,
        maxSize: warn ? t('doctor.hash.maxSize', { name }) : '',
        pointer: set ? doctorText('doctor.conf.raise', { at: at(set) }) : http ? t('doctor.hash.addTo', { at: at(http) }) : '',
      }),
      detail: { hash: name, ...(warn ? { harmless: true } : {}) },
    };
  },
};

// ---- ssl-cert ---------------------------------------------------------------------------------

const CERT = /^(?:cannot load certificate(?: key)? "([^"]*)"|(?:PEM_read_bio_\w+|SSL_CTX_use_\w+|BIO_new_file|SSL_CTX_check_private_key)\("([^"]*)"\) failed|no "ssl_certificate(?:_key)?" is defined)/;

export const sslCert: Condition = {
  id: 'ssl-cert',
  match(e) {
    const m = CERT.exec(e.message);
    return m ? { by: 'repeat', key: `cert|${e.message}|${e.conf?.file ?? ''}:${e.conf?.line ?? ''}` } : undefined;
  },
  explain(g, log) {
    const e = first(entries(g));
    const m = CERT.exec(e.message)!;
    const file = m[1] ?? m[2];
    const text = `${e.message} ${e.errno?.text ?? ''}`;
    const key = /key|PrivateKey/.test(e.message);
    const named = file ? log.conf?.all(key ? 'ssl_certificate_key' : 'ssl_certificate').filter((p) => p.text.includes(file)) : [];
    const pointer = inYourConf((named ?? []).map(at));
    const facts = { where: where(e), file: file ?? '', kind: t(key ? 'doctor.cert.key' : 'doctor.cert.certificate') };
    let why: TextKey<typeof t>;
    let fix: TextKey<typeof t>;
    if (/no "ssl_certificate/.test(e.message)) [why, fix] = ['doctor.cert.noneDefined', 'doctor.cert.noneDefinedFix'];
    else if (/No such file|no such file|fopen|system library/.test(text)) [why, fix] = ['doctor.cert.missing', 'doctor.cert.missingFix'];
    else if (/key values mismatch/.test(text)) [why, fix] = ['doctor.cert.mismatch', 'doctor.cert.mismatchFix'];
    else if (/bad decrypt|bad password|PEM_def_callback|problems getting password/.test(text)) [why, fix] = ['doctor.cert.passphrase', 'doctor.cert.passphraseFix'];
    else if (/no start line|bad end line|ASN1|wrong tag|bad base64/.test(text)) [why, fix] = ['doctor.cert.notPem', 'doctor.cert.notPemFix'];
    else [why, fix] = ['doctor.cert.other', 'doctor.cert.otherFix'];
    const other = why === 'doctor.cert.other';
    return {
      cause: t('doctor.cert.cause', { refused: refused(g), why: t(why, other ? { file: file ?? t('doctor.cert.theCertificate') } : facts) }),
      fix: t('doctor.cert.fix', { fix: t(fix, other ? { file: file ?? t('doctor.conf.theFile'), path: file ?? 'cert.pem' } : facts), check: check(e), pointer }),
      detail: { ...(file ? { file } : {}) },
    };
  },
};
