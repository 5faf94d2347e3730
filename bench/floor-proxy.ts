// The floor: the least a per-request Node proxy can do, the reference a Node engine is read
// against. Per request: find the end of the head and the request line, a new upstream connection
// (to [::1], the first peer of `localhost`), the request written in one write, the answer read to
// its close, its body passed on with a Content-Length on the kept-alive client connection. No
// header is parsed beyond that, nothing is logged, no error is handled but by closing.
// `keepalive` (the keep-alive conf's floor): the upstream connections are kept and reused, the
// request is HTTP/1.1 and the answer is read to its Content-Length (which the fast upstream always
// sends). Its own process(es), as many as the engines' workers, accepting on one socket:
//   node dist/bench/floor-proxy.js <port> <upstream port> [processes] [keepalive]   # prints "listening <port>"
import cluster from 'node:cluster';
import net from 'node:net';

const CRLF2 = Buffer.from('\r\n\r\n');

/** What the upstream answered: its body, once read to its end. */
type Answer = (body: Buffer) => void;
/** One request to the upstream (its head but the last CRLF), its answer, and what a failure does. */
type Exchange = (request: string, answer: Answer, fail: () => void) => void;

/** A new upstream connection per request, its answer read to its close. */
function closingUpstream(upstreamPort: number): Exchange {
  return (request, answer, fail) => {
    const up = net.connect({ host: '::1', port: upstreamPort });
    const chunks: Buffer[] = [];
    up.on('connect', () => up.write(request + 'Connection: close\r\n\r\n'));
    up.on('data', (d: Buffer) => chunks.push(d));
    up.on('error', fail);
    up.on('end', () => {
      const all = Buffer.concat(chunks);
      answer(all.subarray(all.indexOf(CRLF2) + 4));
    });
  };
}

/** Kept upstream connections (the most recently freed first), each answer read to its Content-Length. */
function keptUpstream(upstreamPort: number): Exchange {
  const idle: net.Socket[] = [];
  const reading = new WeakMap<net.Socket, { data: (d: Buffer) => void; fail: () => void }>();
  return (request, answer, fail) => {
    let up = idle.pop();
    if (!up) {
      const s = net.connect({ host: '::1', port: upstreamPort });
      s.on('data', (d: Buffer) => reading.get(s)?.data(d));
      s.on('error', () => reading.get(s)?.fail());
      up = s;
    }
    const socket = up;
    let got: Buffer = Buffer.alloc(0);
    const data = (d: Buffer) => {
      got = got.length ? Buffer.concat([got, d]) : d;
      const end = got.indexOf(CRLF2);
      if (end < 0) return;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(got.toString('latin1', 0, end))?.[1]);
      if (got.length < end + 4 + length) return;
      idle.push(socket);
      answer(got.subarray(end + 4, end + 4 + length));
    };
    reading.set(socket, { data, fail });
    socket.write(request + '\r\n');
  };
}

function serve(exchange: Exchange, upstreamPort: number, version: string) {
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
      exchange(
        `${method} ${uri} HTTP/${version}\r\nHost: localhost:${upstreamPort}\r\n`,
        (body) => {
          client.write(Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n`, 'latin1'), body]));
          busy = false;
          next();
        },
        () => client.destroy(),
      );
    };
    client.on('data', (d: Buffer) => {
      input = input.length ? Buffer.concat([input, d]) : d;
      next();
    });
    client.on('error', () => undefined);
  };
}

if (process.argv[1]?.endsWith('floor-proxy.js')) {
  const [port, upstreamPort, processes = 1] = process.argv.slice(2, 5).map(Number);
  const keepalive = process.argv[5] === 'keepalive';
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
    const exchange = keepalive ? keptUpstream(upstreamPort) : closingUpstream(upstreamPort);
    net.createServer({ noDelay: true }, serve(exchange, upstreamPort, keepalive ? '1.1' : '1.0')).listen({ port, host: '127.0.0.1' });
  }
}
