// The floor: the least a per-request Node proxy can do, what no Node engine can beat on nginx's
// default conf. Per request: find the end of the head and the request line, a new upstream
// connection (to [::1], the first peer of `localhost`), the request written in one write, the
// answer read to its close, its body passed on with a Content-Length on the kept-alive client
// connection. No header is parsed beyond that, nothing is logged, no error is handled but by
// closing. Its own process(es), as many as the engines' workers, accepting on one socket:
//   node dist/bench/floor-proxy.js <port> <upstream port> [processes]   # prints "listening <port>"
import cluster from 'node:cluster';
import net from 'node:net';

const CRLF2 = Buffer.from('\r\n\r\n');

function serve(upstreamPort: number) {
  return (client: net.Socket) => {
    client.setNoDelay(true);
    let input: Buffer = Buffer.alloc(0);
    let busy = false;
    const next = () => {
      if (busy) return;
      const end = input.indexOf(CRLF2);
      if (end < 0) return;
      const head = input.toString('latin1', 0, end);
      input = input.subarray(end + 4);
      busy = true;
      const line = head.slice(0, head.indexOf('\r\n'));
      const [method, target] = line.split(' ');
      const uri = target.replace(/^\/api\//, '/admin/');
      const up = net.connect({ host: '::1', port: upstreamPort });
      const chunks: Buffer[] = [];
      up.on('connect', () => up.write(`${method} ${uri} HTTP/1.0\r\nHost: localhost:${upstreamPort}\r\nConnection: close\r\n\r\n`));
      up.on('data', (d: Buffer) => chunks.push(d));
      up.on('error', () => client.destroy());
      up.on('end', () => {
        const answer = Buffer.concat(chunks);
        const body = answer.subarray(answer.indexOf(CRLF2) + 4);
        client.write(Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n`, 'latin1'), body]));
        busy = false;
        next();
      });
    };
    client.on('data', (d: Buffer) => {
      input = input.length ? Buffer.concat([input, d]) : d;
      next();
    });
    client.on('error', () => undefined);
  };
}

if (process.argv[1]?.endsWith('floor-proxy.js')) {
  const [port, upstreamPort, processes = 1] = process.argv.slice(2).map(Number);
  // The kernel spreads the connections over the processes, as it does over nginx's workers.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  if (cluster.isPrimary) {
    let listening = 0;
    for (let i = 0; i < processes; i++) {
      cluster.fork().on('listening', () => {
        if (++listening === processes) process.stdout.write(`listening ${port}\n`);
      });
    }
  } else {
    net.createServer({ noDelay: true }, serve(upstreamPort)).listen({ port, host: '127.0.0.1' });
  }
}
