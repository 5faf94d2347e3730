// A user's own admin server as --admin-command runs it, for the tests: prints lines, listens on
// 127.0.0.1:PORT only after --delay MS (as a Spring Boot start takes seconds), answers every
// request with a Result, and on demand exits by itself (--exit-after MS, code 3) or ignores SIGTERM.
//   node slow-admin-server.cjs --port N [--delay MS] [--exit-after MS] [--ignore-term]
const http = require('node:http');

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const port = Number(arg('--port'));
const delay = Number(arg('--delay') ?? 0);
const exitAfter = arg('--exit-after');

console.log(`slow server: starting (pid ${process.pid}), listening in ${delay} ms`);
console.error('slow server: a line on stderr');
if (process.argv.includes('--ignore-term')) process.on('SIGTERM', () => console.log('slow server: SIGTERM ignored'));
if (exitAfter !== undefined) {
  setTimeout(() => {
    console.log('slow server: exiting by itself');
    process.exit(3);
  }, Number(exitAfter));
}
setTimeout(() => {
  http
    .createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 1, msg: null, data: req.url })))
    .listen(port, '127.0.0.1', () => console.log(`slow server: Started on port ${port}`));
}, delay);
