// Standalone entry: `node dist/stand-in/admin-server/main.js [--port 8080] [--mode dual|ipv4|ipv6|down]
// [--seed N] [--uploads DIR]`.
// Prints where it listens; stops cleanly on SIGINT/SIGTERM (exit 0); exit 1 when it cannot listen,
// exit 2 for bad arguments.
import { parseArgs } from 'node:util';
import { AdminStandIn, LISTEN_MODES, type ListenMode } from './server.js';

const USAGE = `usage: node dist/stand-in/admin-server/main.js [--port 8080] [--mode ${LISTEN_MODES.join('|')}] [--seed N] [--uploads DIR]
  The stand-in for sky-take-out's Spring Boot admin server (every /admin endpoint and the /ws/{sid}
  WebSocket), on loopback only.
  --port     port to listen on (default 8080; 0 picks a free one)
  --mode     dual: ::1 and 127.0.0.1 (default); ipv4: 127.0.0.1; ipv6: ::1; down: nothing listens
  --seed     seed of the generated month of orders (default 1)
  --uploads  folder for uploaded images (default: sky-admin-uploads in the system's temp folder)`;

function usageError(message: string): never {
  process.stderr.write(`admin server: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function options(): { port: number; mode: ListenMode; seed: number; uploadDir?: string } {
  let values: { port?: string; mode?: string; seed?: string; uploads?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '8080' }, mode: { type: 'string', default: 'dual' }, seed: { type: 'string', default: '1' },
        uploads: { type: 'string' }, help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    usageError((err as Error).message);
  }
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    process.exit(0);
  }
  const port = Number(values.port);
  if (!/^[0-9]+$/.test(values.port ?? '') || port > 65535) usageError(`--port must be a whole number from 0 to 65535, not "${values.port}"`);
  const mode = values.mode as ListenMode;
  if (!LISTEN_MODES.includes(mode)) usageError(`--mode must be one of ${LISTEN_MODES.join(', ')}, not "${values.mode}"`);
  const seed = Number(values.seed);
  if (!/^[0-9]+$/.test(values.seed ?? '') || seed > 2 ** 32 - 1) usageError(`--seed must be a whole number from 0 to 4294967295, not "${values.seed}"`);
  return { port, mode, seed, uploadDir: values.uploads };
}

async function main(): Promise<void> {
  const server = new AdminStandIn(options());
  try {
    await server.start();
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
  const where = server.addresses().map((a) => `http://${a.host.includes(':') ? `[${a.host}]` : a.host}:${a.port}`);
  process.stdout.write(where.length > 0
    ? `admin server (stub) listening on ${where.join(' and ')} (mode ${server.mode})\n`
    : `admin server (stub) in mode down: nothing listens on port ${server.port}, connections are refused\n`);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.stop().then(
      () => {
        process.stdout.write(`admin server: stopped (${signal})\n`);
        process.exit(0);
      },
      (err: Error) => {
        process.stderr.write(`admin server: could not stop cleanly: ${err.message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();
