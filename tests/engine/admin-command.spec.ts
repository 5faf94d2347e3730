// A stack whose admin server the harness starts (--admin-command with --admin-upstream): a slow
// server of the tests' own (tests/support/slow-admin-server.cjs). The stack is ready only once it
// listens; requests reach it through the proxy and the pass-through; faults apply in front of it;
// the control page's components name it and its exit; the stack's stop stops it.
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { request } from 'undici';
import { test, expect } from '../fixtures.js';
import { freePort } from '../support/ports.js';
import { alive } from '../support/processes.js';
import { faultsOn } from '../support/stand-in.js';
import { repoRoot } from '../../harness/paths.js';
import { ComponentsView } from '../../harness/control/components.js';
import { withAdminExit } from '../../harness/control/admin-exit.js';
import type { LiveIncident } from '../../harness/control/live-incidents.js';

const SERVER = join(repoRoot, 'tests', 'support', 'slow-admin-server.cjs');

test('ready once the started server listens; its answers and a fault through the proxy; named in the components; stopped with the stack', async ({ startStack }) => {
  const upstreamPort = await freePort();
  const lines: string[] = [];
  const stack = await startStack({
    adminUpstream: { host: '127.0.0.1', port: upstreamPort },
    adminCommand: { command: `${process.execPath} ${SERVER} --port ${upstreamPort} --delay 1000`, cwd: repoRoot },
    onLine: (component, line) => lines.push(`${component} | ${line}`),
  });
  const command = stack.adminCommand!;
  expect(lines).toContain(`admin | slow server: Started on port ${upstreamPort}`);
  expect(readFileSync(join(stack.dir, 'logs', 'admin.log'), 'utf8')).toContain('slow server: a line on stderr\n');

  const page = await request(`${stack.proxyUrl}/api/employee/page?page=1`);
  expect(page.statusCode).toBe(200);
  expect(await page.body.json()).toEqual({ code: 1, msg: null, data: '/admin/employee/page?page=1' });

  const { inject, faults } = faultsOn(stack.passThrough!);
  await inject('admin.status 503');
  const refused = await request(`${stack.proxyUrl}/api/employee/page?page=1`);
  await refused.body.dump();
  expect(refused.statusCode).toBe(503);
  await faults.restore();

  const view = await new ComponentsView(stack, new Date(), () => undefined).read();
  expect(view.admin.command).toEqual({ command: command.spec.command, pid: command.pid });

  await stack.stop();
  expect(command.exit?.signal).toBe('SIGTERM');
  expect(alive(command.pid)).toBe(false);
});

test('a server that ends by itself: the components say when and how, and the doctor\'s incidents of a gone upstream say why', async ({ startStack }) => {
  const upstreamPort = await freePort();
  const stack = await startStack({
    adminUpstream: { host: '127.0.0.1', port: upstreamPort },
    adminCommand: { command: `${process.execPath} ${SERVER} --port ${upstreamPort} --exit-after 2500`, cwd: repoRoot },
  });
  await stack.adminCommand!.exited;
  const view = await new ComponentsView(stack, new Date(), () => undefined).read();
  expect(view.admin.command?.exited?.how).toBe('exit code 3');
  expect(stack.adminCommand!.stopping).toBe(false);

  const gone = await request(`${stack.proxyUrl}/api/employee/page?page=1`);
  await gone.body.dump();
  expect(gone.statusCode).toBe(502);
  const at = stack.adminCommand!.exit!.at;
  const incident = (condition: LiveIncident['condition'], when: Date): LiveIncident => ({ n: 1, condition, cause: 'nginx\'s cause.', fix: 'the fix', lines: [], count: 0, at: when.toISOString() });
  const after = new Date(at.getTime() + 1000);
  expect(withAdminExit(incident('upstream-reset', after), stack).cause).toBe(
    `Your admin server, started by the harness (pid ${stack.adminCommand!.pid}), ended at ${at.toISOString().slice(11, 19)} UTC with exit code 3: nothing answers the harness's pass-through now. nginx's cause.`,
  );
  expect(withAdminExit(incident('upstream-reset', new Date(at.getTime() - 1000)), stack).cause).toBe('nginx\'s cause.');
  expect(withAdminExit(incident('bind-failed', after), stack).cause).toBe('nginx\'s cause.');
});
