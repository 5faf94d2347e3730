// A DNS server on a loopback UDP port for `resolver` tests: A queries of a name it knows get its
// IPv4 addresses (a name may list one twice, as the nginx test suite's server does), other types
// of a known name an empty answer, an unknown name NXDOMAIN. It counts the questions it was asked.
import dgram from 'node:dgram';

const A = 1;

export class DnsServer {
  /** `name type` of each question, in order (type 1 is A, 28 AAAA). */
  readonly asked: string[] = [];

  private constructor(
    private readonly socket: dgram.Socket,
    readonly port: number,
  ) {}

  static async start(names: Record<string, string[]>): Promise<DnsServer> {
    const socket = dgram.createSocket('udp4');
    // A port the system picks: the TCP ports of the test's range stay for the proxy and its upstream.
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, '127.0.0.1', () => resolve());
    });
    const server = new DnsServer(socket, socket.address().port);
    socket.on('message', (q, from) => socket.send(server.answer(q, names), from.port, from.address));
    return server;
  }

  /** The reply to one query: its header and question echoed, then the answers. */
  private answer(q: Buffer, names: Record<string, string[]>): Buffer {
    const labels: string[] = [];
    let at = 12;
    while (q[at]) {
      labels.push(q.toString('latin1', at + 1, at + 1 + q[at]));
      at += 1 + q[at];
    }
    const question = q.subarray(12, at + 5);
    const type = q.readUInt16BE(at + 1);
    const name = labels.join('.').toLowerCase();
    this.asked.push(`${name} ${type}`);
    const addresses = names[name];
    const answers = addresses && type === A ? addresses : [];
    const head = Buffer.alloc(12);
    head.writeUInt16BE(q.readUInt16BE(0), 0);
    // A response, recursion desired and available; rcode 3 (NXDOMAIN) for a name it does not know.
    head.writeUInt16BE(0x8180 | (addresses ? 0 : 3), 2);
    head.writeUInt16BE(1, 4);
    head.writeUInt16BE(answers.length, 6);
    const records = answers.map((a) => {
      const r = Buffer.alloc(16);
      r.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      r.writeUInt16BE(A, 2);
      r.writeUInt16BE(1, 4); // class IN
      r.writeUInt32BE(3600, 6);
      r.writeUInt16BE(4, 10);
      a.split('.').forEach((b, i) => r.writeUInt8(Number(b), 12 + i));
      return r;
    });
    return Buffer.concat([head, question, ...records]);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}
