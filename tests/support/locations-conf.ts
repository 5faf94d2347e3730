// A conf of one server whose block a test writes (`root html;` first), for the location and
// try_files specs; the prefix's html/ holds x, index.html, style.css and dir/ (proxy-under-test.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { confSkeleton } from '../../harness/stack/render.js';

/** A conf of the server blocks a test writes, each with its own listen. */
export const serversConf = (servers: string) => confSkeleton({ workers: 1, accessLog: 'logs/access.log', http: servers });

export const serverConf = (server: string) =>
  serversConf(`    server {
        listen 127.0.0.1:P;
        server_name localhost;
        root html;
${server}
    }`);

/** Writes each file (a path under the prefix) with its content. */
export function writeFiles(prefix: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(prefix, path)), { recursive: true });
    writeFileSync(join(prefix, path), content);
  }
}

/** The error-log line of a request (`*N`) on the test's server. */
export const logLine = (conn: number, level: string, message: string, request: string) =>
  `TIME [${level}] PID: *${conn} ${message}, client: 127.0.0.1, server: localhost, request: "${request}", host: "127.0.0.1:P"`;
