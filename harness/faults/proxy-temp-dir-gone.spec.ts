import { test, expect } from '@playwright/test';
import { chownSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { preparePrefix } from '../stack/prefix.js';
import { renderConf } from '../stack/render.js';
import type { ProxyEngine } from '../engine/engine.js';
import { FaultLedger } from './ledger.js';

// The fault acts on the prefix alone; what the proxy then does is the conformance tests' subject.
const RUNNING = {} as ProxyEngine;

test('proxy.temp-dir-gone removes the conf\'s client_body_temp folder; restore makes it again as it was (mode, owner)', async ({}, testInfo) => {
  const prefix = testInfo.outputPath('prefix');
  preparePrefix({ prefix, conf: { text: renderConf({ proxyPort: 1080, adminPort: 1081, frontendRoot: prefix, workers: 1, localhost: 'implicit' }) } });
  const temp = join(prefix, 'temp', 'client_body_temp');
  mkdirSync(join(temp, 'leftover'), { recursive: true, mode: 0o700 });
  const root = process.getuid?.() === 0;
  if (root) chownSync(temp, 65534, 65534); // as nginx makes it for its workers (nobody) when the master is root
  const before = statSync(temp);
  const ledger = new FaultLedger({ proxy: RUNNING, prefix, spec: { os: 'linux', engine: 'nginx' } });
  const { effect } = await ledger.inject('proxy.temp-dir-gone');
  expect(existsSync(temp)).toBe(false);
  expect(existsSync(join(prefix, 'temp'))).toBe(true);
  expect(effect).toContain('bigger than client_body_buffer_size (8k in this stack\'s conf) gets 500 Internal Server Error');
  await expect(ledger.inject('proxy.temp-dir-gone')).rejects.toThrow('client_body_temp is gone already');
  expect(await ledger.restore()).toEqual(['proxy.temp-dir-gone']);
  const after = statSync(temp);
  expect([after.mode, after.uid, after.gid]).toEqual([before.mode, before.uid, before.gid]);
  expect(await ledger.restore()).toEqual([]);
});
