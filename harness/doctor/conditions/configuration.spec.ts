// The configuration family (conditions/configuration.ts): a refused conf names the file and line
// nginx printed, in the log and in nginx's stderr form, on both profiles.
import { test, expect } from '@playwright/test';
import { formatStderrLine, line, one, OSES } from '../../../tests/support/doctor-conditions.js';

for (const os of OSES) {
  const conf = { file: os === 'windows' ? 'D:\\nginx-1.20.2/conf/nginx.conf' : '/etc/nginx/conf.d/app.conf', line: 12 };
  const at = `${conf.file}:12`;
  test(`${os}: unknown directive, not allowed here, invalid number of arguments`, () => {
    const cases: [string, string, string][] = [
      ['unknown directive "proxy_passs"', 'conf-unknown-directive', 'a typo'],
      ['unknown directive "more_set_headers"', 'conf-unknown-directive', 'headers-more module'],
      ['"location" directive is not allowed here', 'conf-not-allowed-here', 'inside server { }'],
      ['invalid number of arguments in "add_header" directive', 'conf-bad-args', 'a value with a space not in quotes'],
    ];
    for (const [message, condition, meaning] of cases) {
      for (const l of [line(os, { level: 'emerg', message, conf }), formatStderrLine({ level: 'emerg', message: `${message} in ${at}` })]) {
        const i = one(os, l);
        expect([i.condition, i.cause], l).toEqual([condition, expect.stringContaining(at)]);
        expect(i.cause, l).toContain(meaning);
        expect(i.fix, l).toContain(os === 'windows' ? '"nginx -t" in its folder' : '"sudo nginx -t"');
      }
    }
  });
}

test('the embedded engine\'s refusal of valid nginx: that it is valid nginx, and the two ways out (real nginx, or the line deleted)', () => {
  const conf = { file: '/home/dev/sky/nginx.conf', line: 31 };
  const at = `${conf.file}:31`;
  for (const what of ['"proxy_cache_path" is', 'regular expressions in "map" are']) {
    const message = `${what} not supported by the embedded engine; run real nginx on this conf (harness up --proxy nginx)`;
    for (const l of [line('linux', { level: 'emerg', message, conf }), formatStderrLine({ level: 'emerg', message: `${message} in ${at}` })]) {
      const i = one('linux', l);
      expect(i.condition, l).toBe('conf-embedded-unsupported');
      expect(i.cause, l).toBe(`the embedded engine refused ${what.replace(/ (is|are)$/, '')} at ${at}: that line is valid nginx, which real nginx runs, but the embedded engine does not.`);
      expect(i.fix, l).toBe(`Run real nginx on this conf (harness up --proxy nginx), or delete the line at ${at} (or comment it out with #).`);
    }
  }
});

test('hash tables too small: the bucket size to set; the "optimal" warning needs no action', () => {
  const names = one('linux', line('linux', { level: 'emerg', message: 'could not build server_names_hash, you should increase server_names_hash_bucket_size: 64' }));
  expect([names.condition, names.fix]).toEqual(['hash-too-small', expect.stringContaining('"server_names_hash_bucket_size 128;"')]);
  const types = one('linux', line('linux', { level: 'warn', message: 'could not build optimal types_hash, you should increase either types_hash_max_size: 1024 or types_hash_bucket_size: 64; ignoring types_hash_bucket_size' }));
  expect([types.condition, types.detail?.harmless]).toEqual(['hash-too-small', true]);
});

test('certificates: missing, not PEM, a key of another certificate, a passphrase, none for a listen ssl', () => {
  const cert = (message: string) => one('linux', line('linux', { level: 'emerg', message }));
  const cases: [string, string][] = [
    ['cannot load certificate "/etc/ssl/a.pem": BIO_new_file() failed (SSL: error:80000002:system library::No such file or directory:calling fopen(/etc/ssl/a.pem, r) error:10000080:BIO routines::no such file)', 'does not exist'],
    ['cannot load certificate "/etc/ssl/a.pem": PEM_read_bio_X509_AUX() failed (SSL: error:0480006C:PEM routines::no start line:Expecting: TRUSTED CERTIFICATE)', 'is not a PEM certificate'],
    ['SSL_CTX_use_PrivateKey_file("/etc/ssl/a.key") failed (SSL: error:0B080074:x509 certificate routines:X509_check_private_key:key values mismatch)', 'does not belong to the certificate'],
    ['cannot load certificate key "/etc/ssl/a.key": PEM_read_bio_PrivateKey() failed (SSL: error:1C800064:Provider routines::bad decrypt)', 'passphrase'],
    ['BIO_new_file("/etc/ssl/b.pem") failed (SSL: error:02001002:system library:fopen:No such file or directory:fopen(\'/etc/ssl/b.pem\',\'r\') error:2006D080:BIO routines:BIO_new_file:no such file)', 'does not exist'],
  ];
  for (const [message, meaning] of cases) expect([cert(message).condition, cert(message).cause], message).toEqual(['ssl-cert', expect.stringContaining(meaning)]);
});
