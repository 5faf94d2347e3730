// Conditions of a configuration nginx refuses (`nginx -t` and every start say so, with the file and
// line): a directive it does not know, one in a block where it is not allowed, one with the wrong
// number of arguments, a hash table too small for the server names or types, and a certificate or
// key it cannot load.
import type { ErrorLogEntry } from '../../logs/error-log.js';
import type { Condition, Group } from '../types.js';
import { at, entries, first } from './group.js';
import { looksWindows, plural } from '../facts.js';

const where = (e: ErrorLogEntry) => (e.conf ? `${e.conf.file}:${e.conf.line}` : 'nginx.conf');
const times = (g: Group) => (g.lines.length > 1 ? ` (${plural(g.lines.length, 'start')})` : '');
const check = (e: ErrorLogEntry) => (looksWindows(e) ? '"nginx -t" in its folder' : '"sudo nginx -t"');
const repeat = (e: ErrorLogEntry, what: string) => ({ by: 'repeat' as const, key: `${what}|${e.message}|${where(e)}` });

// ---- conf-unknown-directive -------------------------------------------------------------------

const UNKNOWN = /^unknown directive "(.*)"$/;

/** Directives of modules a stock build may lack, and what provides them. */
const MODULES: [RegExp, string][] = [
  [/^(?:more_set_headers|more_clear_headers|more_set_input_headers)$/, 'the headers-more module (nginx-extras / libnginx-mod-http-headers-more-filter, or OpenResty)'],
  [/^(?:lua_|content_by_lua|access_by_lua|rewrite_by_lua|init_by_lua|set_by_lua|header_filter_by_lua|body_filter_by_lua|log_by_lua)/, 'the Lua module (OpenResty, or libnginx-mod-http-lua)'],
  [/^(?:brotli|brotli_)/, 'the brotli module (libnginx-mod-http-brotli or a build with it)'],
  [/^geoip2?_/, 'the GeoIP module (libnginx-mod-http-geoip2)'],
  [/^(?:ssl_|http2|quic|http3)/, 'a module this nginx was built without (nginx -V lists them), or a newer nginx version'],
  [/^js_/, 'the njs module (nginx-module-njs)'],
  [/^stream$/, 'the stream module (load_module modules/ngx_stream_module.so; on Debian libnginx-mod-stream)'],
];

export const confUnknownDirective: Condition = {
  id: 'conf-unknown-directive',
  match(e) {
    return UNKNOWN.test(e.message) ? repeat(e, 'unknown') : undefined;
  },
  explain(g) {
    const e = first(entries(g));
    const name = UNKNOWN.exec(e.message)![1];
    const module = MODULES.find(([re]) => re.test(name))?.[1];
    const bom = /^\uFEFF|^ï»¿/.test(name);
    return {
      cause: `nginx refused its configuration${times(g)}: "${name}" at ${where(e)} is no directive it knows: ${
        bom ? 'the file starts with a byte-order mark (saved as "UTF-8 with BOM"), which nginx reads as part of the first word' : module ? `it comes from ${module}` : 'a typo (a letter missing or doubled), a directive of a module this build lacks, or a line whose ";" is missing so two lines run into one'
      }.`,
      fix: `${bom ? `Save ${e.conf?.file ?? 'the file'} as UTF-8 without BOM` : module ? `Install or load ${module}, or remove the line` : `Correct the name at ${where(e)} (the directive index: nginx.org/en/docs/dirindex.html), or end the line before it with ";"`}, then check with ${check(e)}.`,
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
      cause: `the embedded engine refused ${what} at ${where(e)}${times(g)}: that line is valid nginx, which real nginx runs, but the embedded engine does not.`,
      fix: `Run real nginx on this conf (harness up --proxy nginx), or delete the line at ${where(e)} (or comment it out with #).`,
      detail: { what, at: where(e) },
    };
  },
};

// ---- conf-not-allowed-here --------------------------------------------------------------------

const NOT_HERE = /^"(.*)" directive is not allowed here$/;

/** Where the directives users most often misplace belong. */
const BELONGS: Record<string, string> = {
  server: 'inside http { } (a conf.d/*.conf file is already included inside http { }, so it holds server { } blocks, not an http { })',
  http: 'once, at the top of nginx.conf (not inside another block, and not in a conf.d file that nginx.conf includes inside http { })',
  location: 'inside server { } (or another location)',
  upstream: 'inside http { }, outside any server { }',
  proxy_pass: 'inside location { } (or an if in a location, or limit_except)',
  events: 'once, at the top of nginx.conf',
  worker_processes: 'at the top of nginx.conf, outside every block',
  worker_connections: 'inside events { }',
  stream: 'at the top of nginx.conf, outside http { }',
  map: 'inside http { }, outside any server { }',
  limit_req_zone: 'inside http { }',
  if: 'inside server { } or location { }',
};

export const confNotAllowedHere: Condition = {
  id: 'conf-not-allowed-here',
  match(e) {
    return NOT_HERE.test(e.message) ? repeat(e, 'nothere') : undefined;
  },
  explain(g) {
    const e = first(entries(g));
    const name = NOT_HERE.exec(e.message)![1];
    return {
      cause: `nginx refused its configuration${times(g)}: "${name}" at ${where(e)} sits in a block where it is not allowed${BELONGS[name] ? `; it belongs ${BELONGS[name]}` : ''}, or a "}" too many or too few before it closed its block early.`,
      fix: `Move "${name}" ${BELONGS[name] ? BELONGS[name].replace(/ \(.*\)$/, '') : 'into the block the directive index gives for it (nginx.org/en/docs/dirindex.html, "Context:")'} and check the braces above ${where(e)}, then run ${check(e)}.`,
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
      cause: `nginx refused its configuration${times(g)}: "${name}" at ${where(e)} has too many or too few arguments: a value with a space not in quotes, a ";" missing so the next line's words joined it, or a variable that came out empty in a template (envsubst) before nginx read it.`,
      fix: `Write "${name}" at ${where(e)} with the arguments its documentation lists (quote a value that holds spaces, end the line with ";"), then run ${check(e)}.`,
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
      cause: `${warn ? 'nginx started, but warned' : `nginx refused its configuration${times(g)}`}: its ${name} hash table (${name === 'server_names' ? 'the server_name values' : name === 'types' ? 'the MIME types' : `the ${name} entries`}) does not fit ${bucket}${size ? ` ${size}` : ''}${name === 'server_names' ? ': a long server_name (over about 32 characters) or many names' : ''}.`,
      fix: `Add "${bucket} ${next};" to http { }${warn ? ` (or raise ${name}_hash_max_size)` : ''}, then reload nginx.${set ? ` In your conf: raise ${at(set)}.` : http ? ` In your conf: add it to ${at(http)}.` : ''}`,
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
    const pointer = named?.length ? ` In your conf: ${named.map(at).join(', ')}.` : '';
    let why: string;
    let fix: string;
    if (/no "ssl_certificate/.test(e.message)) {
      why = `a server at ${where(e)} listens with "ssl" but names no certificate (ssl_certificate and ssl_certificate_key)`;
      fix = 'Add ssl_certificate and ssl_certificate_key to that server { } (or remove "ssl" from its listen)';
    } else if (/No such file|no such file|fopen|system library/.test(text)) {
      why = `the ${key ? 'key' : 'certificate'} file ${file} does not exist (or nginx's master may not read it): a path that is wrong in this container or machine, or a certificate not issued yet (certbot's live/ folder)`;
      fix = `Put the file at ${file} (mount it into the container) or correct the path, and check that root may read it`;
    } else if (/key values mismatch/.test(text)) {
      why = `the key ${file} does not belong to the certificate given with it`;
      fix = 'Give the key that was generated with that certificate (compare "openssl x509 -noout -modulus -in CERT | md5sum" with "openssl rsa -noout -modulus -in KEY | md5sum")';
    } else if (/bad decrypt|bad password|PEM_def_callback|problems getting password/.test(text)) {
      why = `the key ${file} is protected by a passphrase nginx does not have`;
      fix = 'Remove the passphrase ("openssl rsa -in key.pem -out key-nopass.pem") or give it with ssl_password_file';
    } else if (/no start line|bad end line|ASN1|wrong tag|bad base64/.test(text)) {
      why = `${file} is not a PEM ${key ? 'key' : 'certificate'} (another format such as DER or PFX, the certificate and key swapped, or a file damaged in copying)`;
      fix = `Convert it to PEM ("openssl x509 -inform der -in cert.der -out cert.pem"; for a .pfx "openssl pkcs12 -in cert.pfx -nokeys -out cert.pem") and check that ssl_certificate names the certificate and ssl_certificate_key the key`;
    } else {
      why = `OpenSSL could not load ${file ?? 'the certificate'} (its reason is in the line)`;
      fix = `Check ${file ?? 'the file'} with "openssl x509 -noout -text -in ${file ?? 'cert.pem'}"`;
    }
    return {
      cause: `nginx refused its configuration${times(g)}: ${why}.`,
      fix: `${fix}, then run ${check(e)}.${pointer}`,
      detail: { ...(file ? { file } : {}) },
    };
  },
};
