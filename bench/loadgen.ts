// The load generator's own process (so it does not share the benchmark's event loop):
// `node dist/bench/loadgen.js '<json LoadSpec>'`. Runs autocannon for the duration and prints one
// JSON line (LoadResult). Latency is timed here, in microseconds (a perf_hooks histogram):
// autocannon's own histogram counts whole milliseconds (0 or 1 for every request at one connection
// on loopback), and its per-request timing goes wrong after a reconnect (see below).
import autocannon, { type Result } from 'autocannon';
import { createHistogram } from 'node:perf_hooks';

export interface LoadSpec {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

export interface LoadResult {
  /** 2xx answers per second over the run. */
  rps: number;
  /** Latency of the 2xx answers, in ms. */
  p50: number;
  p99: number;
  total: number;
  ok: number;
  /** Answers other than 2xx. */
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  seconds: number;
  statusCodes: Record<string, number>;
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
  const hist = createHistogram({ lowest: 1, highest: 60_000_000, figures: 3 });
  const run = () =>
    new Promise<Result>((resolve, reject) => {
      const inst = autocannon(
        { url: spec.url, connections: spec.connections, duration: spec.seconds, pipelining: 1, timeout: 10, headers: spec.headers },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
      // Each connection has one request in flight and writes the next one as soon as an answer is
      // parsed (autocannon emits 'response' just before it writes), so a request's latency is the
      // time from the connection's previous answer to this one. autocannon's own duration is not
      // used: when a server closes a keep-alive connection (nginx's keepalive_requests 1000),
      // autocannon reconnects but keeps the lost request in its queue, and from then on it times
      // every answer from an older request's start.
      const last = new Map<unknown, bigint>();
      inst.on('response', (client: unknown, status: number) => {
        const now = process.hrtime.bigint();
        const prev = last.get(client);
        last.set(client, now);
        if (prev !== undefined && status >= 200 && status < 300) hist.record(Math.max(1, Number((now - prev) / 1000n)));
      });
    });
  const r = await run();
  const statusCodes: Record<string, number> = {};
  for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = s.count;
  const ok = r['2xx'];
  const out: LoadResult = {
    rps: ok / r.duration,
    p50: hist.count ? hist.percentile(50) / 1000 : NaN,
    p99: hist.count ? hist.percentile(99) / 1000 : NaN,
    total: r.requests.total,
    ok,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    seconds: r.duration,
    statusCodes,
  };
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((e: Error) => {
  process.stderr.write(`loadgen: ${e.message}\n`);
  process.exit(1);
});
