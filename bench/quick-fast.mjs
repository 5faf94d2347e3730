// scratch driver (not committed)
import { execa } from 'execa';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir, loadavg } from 'node:os';
import getPort from 'get-port';
const dist = new URL('../dist/', import.meta.url).pathname;
const { renderConf } = await import(dist + 'harness/engine/render.js');
const { preparePrefix } = await import(dist + 'harness/engine/prefix.js');
const { startEngine } = await import(dist + 'harness/engine/registry.js');
const { defaultFrontendRoot } = await import(dist + 'harness/paths.js');
const conf = process.env.CONF ?? 'default';
const workers = Number(process.env.W ?? 1);
const secs = Number(process.env.S ?? 5);
const rounds = Number(process.env.R ?? 2);
const which = (process.env.E ?? 'embedded,nginx,floor').split(',');
const root = mkdtempSync(join(tmpdir(), 'fb-'));
const up = execa('node', [dist + 'bench/fast-upstream.js']);
const upPort = await new Promise((r) => up.stdout.on('data', (d) => r(Number(/listening (\d+)/.exec(String(d))[1]))));
const engines = [];
for (const name of which) {
  const port = await getPort();
  if (name === 'floor') {
    const p = execa('node', [dist + 'bench/floor-proxy.js', String(port), String(upPort), String(workers)]);
    await new Promise((r) => p.stdout.on('data', r));
    engines.push({ name, port, stop: async () => { p.kill(); } , pid: p.pid});
    continue;
  }
  const prefix = join(root, name);
  preparePrefix({ prefix, conf: { text: renderConf({ proxyPort: port, adminPort: upPort, frontendRoot: defaultFrontendRoot, workers, localhost: 'implicit', upstreamKeepalive: conf === 'keepalive' ? 32 : undefined, accessLogOff: true }) } });
  const e = await startEngine(name, { prefix, conf: 'conf/nginx.conf', os: 'linux', ready: { urls: [`http://127.0.0.1:${port}/`] } });
  engines.push({ name, port, stop: () => e.stop(), pid: e.pid, e });
}
const res = {};
const wrk = async (port, s) => {
  const r = await execa('wrk', ['-t1', '-c32', `-d${s}s`, '--latency', `http://127.0.0.1:${port}/api/x`], { reject: false });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(r.stdout)?.[1]);
  const p99 = /\s99%\s+(\S+)/.exec(r.stdout)?.[1];
  const non = /Non-2xx or 3xx responses: (\d+)/.exec(r.stdout)?.[1] ?? 0;
  const err = /Socket errors: (.*)/.exec(r.stdout)?.[1] ?? '';
  return { rps, p99, non, err };
};
for (const e of engines) await wrk(e.port, 1);
for (let i = 0; i < rounds; i++) for (const e of engines) { const r = await wrk(e.port, secs); (res[e.name] ??= []).push(r); console.log(conf, 'w' + workers, e.name, Math.round(r.rps), 'p99', r.p99, r.non, r.err, 'load', loadavg()[0].toFixed(2)); }
const med = (xs) => xs.map((x) => x.rps).sort((a, b) => a - b)[Math.floor(xs.length / 2)];
if (res.embedded && res.nginx) console.log('embedded/nginx', (med(res.embedded) / med(res.nginx)).toFixed(2), res.floor ? 'embedded/floor ' + (med(res.embedded) / med(res.floor)).toFixed(2) + ' floor/nginx ' + (med(res.floor)/med(res.nginx)).toFixed(2) : '');
for (const e of engines) await e.stop();
up.kill();
process.exit(0);
