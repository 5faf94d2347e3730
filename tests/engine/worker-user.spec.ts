// Started as root, nginx runs its workers as the conf's `user` (nobody by default), who cannot
// enter a private folder (mode 0700: a home, a mktemp -d, most containers' checkouts). The stack's
// own conf runs them as the user who started it (`user root;`), so a checkout anywhere serves its
// front end, on either engine; a user's own conf keeps its `user`, and when that user cannot reach
// one of its roots the start fails saying who, which folder, and the two fixes.
import { chmodSync, cpSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { request } from 'undici';
import { test, expect } from '../fixtures.js';
import { runHarness, whenOutput } from '../support/harness-up.js';
import { defaultFrontendRoot } from '../../harness/paths.js';
import { freePort } from '../support/ports.js';

test.skip(() => process.getuid?.() !== 0, 'nginx keeps its own user when not started as root: nothing to show');

/** The first folder on the way down to `dir` that others (nobody) may not enter: `dir` itself, or an
 *  ancestor, when the checkout is in a private folder (mode 0700) too. */
function firstClosed(dir: string): string {
  const chain = [dir];
  while (dirname(chain[0]) !== chain[0]) chain.unshift(dirname(chain[0]));
  return chain.find((d) => (statSync(d).mode & 0o001) === 0)!;
}

/** A copy of the stub front end inside a folder of mode 0700. */
function privateFrontend(dir: string): string {
  const fe = join(dir, 'private', 'frontend');
  mkdirSync(fe, { recursive: true });
  cpSync(defaultFrontendRoot, fe, { recursive: true });
  chmodSync(join(dir, 'private'), 0o700);
  return fe;
}

test('the stack\'s own conf: `user root;`, and a front end in a folder of mode 0700 is served', async ({ startStack }, testInfo) => {
  const frontendRoot = privateFrontend(testInfo.outputPath());
  const stack = await startStack({ frontendRoot });
  expect(readFileSync(join(stack.prefix, 'conf', 'nginx.conf'), 'utf8')).toMatch(/^user {2}root;$/m);
  const r = await request(stack.proxyUrl + '/');
  expect(r.statusCode).toBe(200);
  expect(await r.body.text()).toBe(readFileSync(join(frontendRoot, 'index.html'), 'utf8'));
});

for (const userLine of ['', 'user nobody;\n'] as const) {
  test(`a user's conf ${userLine ? 'with `user nobody;`' : 'without `user`'} whose root is in a folder of mode 0700: the start fails naming the user, the folder and both fixes; with \`user root;\` it serves`, async ({ engine }, testInfo) => {
    const frontendRoot = privateFrontend(testInfo.outputPath());
    const closed = firstClosed(join(testInfo.outputPath(), 'private'));
    const port = await freePort();
    const adminPort = await freePort();
    const conf = testInfo.outputPath('nginx.conf');
    const body = `events {}\nhttp {\n  server {\n    listen 127.0.0.1:${port};\n    location / { root ${frontendRoot}; }\n  }\n}\n`;
    writeFileSync(conf, userLine + body);
    const up = (prefix: string) => ['up', '--nginx-conf', conf, '--admin-port', String(adminPort), '--prefix', testInfo.outputPath(prefix), '--proxy', engine];
    const failed = await runHarness(up('refused'));
    expect(failed.exitCode).toBe(1);
    expect(failed.all).toContain(`the proxy (${engine}) did not start:`);
    expect(failed.all).toContain(
      `started as root, nginx runs its workers as nobody (${userLine ? 'its `user nobody;` line' : "nginx's default, as the conf has no `user` line"}), and nobody may not enter ${closed} (mode ${(statSync(closed).mode & 0o777).toString(8).padStart(4, '0')}, owner uid 0): ` +
        `every file under root ${frontendRoot} (location /, ${conf}:${userLine ? 6 : 5}) would be a 403.`,
    );
    expect(failed.all).toContain(`What to do: ${userLine ? `change that line of ${conf} to \`user root;\`` : `add \`user root;\` at the top of ${conf}`} (the workers then run as root`);
    expect(failed.all).toContain(`or let nobody through that folder: chmod o+x ${closed}.`);
    expect(failed.left).toEqual([]);

    // Both engines honour the `user` line: the workers run as root and read the folder.
    writeFileSync(conf, 'user root;\n' + body);
    let served: { status: number; text: string } | undefined;
    const r = await runHarness(up('served'), {
      started: (child, output) =>
        void whenOutput(child, output, 'the stack is ready')
          .then(async () => {
            const a = await request(`http://127.0.0.1:${port}/`);
            served = { status: a.statusCode, text: await a.body.text() };
          })
          .finally(() => child.kill('SIGINT'))
          .catch(() => undefined),
    });
    // Stopped by Ctrl-C once it served: 130, as a stack stopped by a signal exits.
    expect(r.exitCode, r.all).toBe(130);
    expect(served).toEqual({ status: 200, text: readFileSync(join(frontendRoot, 'index.html'), 'utf8') });
  });
}

test('a user\'s conf without `user` whose root html/sky gets a --frontend in a folder of mode 0700 (a link): the start fails naming that folder', async ({ engine }, testInfo) => {
  const frontendRoot = privateFrontend(testInfo.outputPath());
  const closed = firstClosed(join(testInfo.outputPath(), 'private'));
  const [port, adminPort] = [await freePort(), await freePort()];
  const conf = testInfo.outputPath('nginx.conf');
  writeFileSync(conf, `events {}\nhttp {\n  server {\n    listen 127.0.0.1:${port};\n    location / { root html/sky; }\n  }\n}\n`);
  const prefix = testInfo.outputPath('prefix');
  const failed = await runHarness(['up', '--nginx-conf', conf, '--frontend', frontendRoot, '--admin-port', String(adminPort), '--prefix', prefix, '--proxy', engine]);
  expect(failed.exitCode).toBe(1);
  expect(failed.all).toContain(`and nobody may not enter ${closed} (mode 0700, owner uid 0): every file under root ${join(prefix, 'html', 'sky')} (location /, ${conf}:5) would be a 403.`);
  expect(failed.left).toEqual([]);
});
