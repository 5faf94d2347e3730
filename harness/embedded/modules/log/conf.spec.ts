// The log module's settings as the loader reads them: the compiled-in access log where no level has
// one, the formats an access_log may name, one buffer per file, open_log_file_cache, and the
// variables the log phase evaluates.
import { test, expect } from '@playwright/test';
import { parseConfText } from '../../../nginx-conf/parse.js';
import { buildConf } from '../../../nginx-conf/build.js';
import { allLocations, type NginxConf } from '../../../nginx-conf/model.js';
import { moduleConf } from '../../../nginx-conf/directive.js';
import { checkLogBuffers, LOG } from './conf.js';

const FILE = '/p/conf/nginx.conf';
const build = (http: string): NginxConf => buildConf(parseConfText(`http {\n${http}\n}`, FILE), { prefix: '/p', confFile: FILE, modules: [LOG] });
const logs = (conf: NginxConf) => allLocations(conf).map((l) => moduleConf(l, LOG).accessLogs.map((a) => `${a.path} ${a.format.name}`));

test('no access_log anywhere: every level writes logs/access.log in combined, placed at the http block', () => {
  const conf = build('server { location / { } }\nserver { access_log off; }');
  expect(logs(conf)).toEqual([['/p/logs/access.log combined'], ['/p/logs/access.log combined'], []]);
  expect(moduleConf(conf.servers[0].base, LOG).accessLogs[0]).toMatchObject({ file: FILE, line: 1 });
  expect(moduleConf(conf.servers[1].base, LOG).accessLogOff).toBe(true);
});

test('a level with access_log lines replaces the outer ones; `access_log off` at http leaves every level none', () => {
  expect(logs(build('access_log logs/a.log;\nserver { location / { access_log /b.log; access_log logs/c.log combined; } }'))).toEqual([
    ['/p/logs/a.log combined'],
    ['/b.log combined', '/p/logs/c.log combined'],
  ]);
  expect(logs(build('access_log off;\nserver { }'))).toEqual([[]]);
});

test('an access_log names a format the http block defined before it, a server\'s before the server', () => {
  expect(logs(build('log_format main $status;\nserver { access_log logs/a.log main; }'))).toEqual([['/p/logs/a.log main']]);
  expect(() => build('server { access_log logs/a.log main; }\nlog_format main $status;')).toThrow('unknown log format "main"');
});

test('every access_log of one file buffers it alike, the first in the conf\'s order saying how', () => {
  const conf = build('access_log logs/a.log combined buffer=32k;\nserver { location / { access_log logs/a.log combined buffer=64k; } }');
  expect(() => checkLogBuffers(conf)).toThrow('access_log "logs/a.log" already defined with conflicting parameters');
  expect(() => checkLogBuffers(build('access_log logs/a.log combined buffer=32k;\nserver { location / { access_log logs/a.log combined buffer=32k; } }'))).not.toThrow();
});

test('open_log_file_cache: max= is needed, the rest has nginx\'s defaults; off is none', () => {
  const cache = (text: string) => moduleConf(build(`${text}\nserver { }`).servers[0].base, LOG).openLogFileCache;
  expect(cache('open_log_file_cache max=10;')).toEqual({ max: 10, inactiveMs: 10_000, minUses: 1, validMs: 60_000 });
  expect(cache('open_log_file_cache max=10 inactive=20s min_uses=2 valid=1m;')).toEqual({ max: 10, inactiveMs: 20_000, minUses: 2, validMs: 60_000 });
  expect(cache('open_log_file_cache off;')).toBeUndefined();
  expect(() => build('open_log_file_cache inactive=20s;')).toThrow('"open_log_file_cache" must have "max" parameter');
});

test('the variables the log phase evaluates: the format\'s, if=\'s and the path\'s, none after `access_log off`', () => {
  const conf = build('log_format main $status;\nserver { access_log logs/$host.log main if=$arg_log; location / { access_log off; } }');
  const [server, location] = allLocations(conf).map((l) => LOG.variables!(moduleConf(l, LOG)).logged!.map((v) => `${v.name} ${v.what}`));
  expect(server).toEqual(['status the log format "main"', 'arg_log "access_log if="', 'host "access_log"']);
  expect(location).toEqual([]);
});
