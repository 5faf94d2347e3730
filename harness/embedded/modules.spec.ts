// The module list's variables (ENGINE_CONF.evaluated), which the conf's loader checks a conf's
// against: each is one of nginx 1.22.1's, so no module can give a name nginx would refuse, and a
// conf naming one the engine lacks is refused as unsupported, not accepted and left empty. A
// module names its variables apart from the code that gives their values (its runtime): the two
// must agree.
import { test, expect } from '@playwright/test';
import { ENGINE_CONF, MODULES, moduleRuntimes } from './modules.js';
import { knownVariable, nginxVariable } from '../nginx-conf/variables.js';

const { evaluated } = ENGINE_CONF;

test("every variable the engine gives is one of nginx's, and so is every family", () => {
  expect([...evaluated.names].filter((n) => !nginxVariable(n, []))).toEqual([]);
  expect(evaluated.prefixes.filter((p) => !nginxVariable(`${p}x`, []))).toEqual([]);
});

test("a module's variables reach the loader through the list alone", () => {
  for (const m of MODULES) for (const name of m.variables ?? []) expect(knownVariable(name, [], evaluated), `${m.name}: $${name}`).toBe(true);
  expect(knownVariable('upstream_http_x_token', [], evaluated)).toBe(true);
  // nginx has them; the engine gives no value, so a conf that needs one is refused.
  expect(knownVariable('upstream_cache_status', [], evaluated)).toBe(false);
  expect(knownVariable('tcpinfo_rtt', [], evaluated)).toBe(false);
  // A map's variable is the conf's own.
  expect(knownVariable('Backend', ['backend'], evaluated)).toBe(true);
});

test('each module gives a value to every variable it names, and to no other', async () => {
  const runtimes = await moduleRuntimes();
  MODULES.forEach((m, i) => {
    expect(Object.keys(runtimes[i].variables ?? {}).sort(), m.name).toEqual([...(m.variables ?? [])].sort());
    expect(Object.keys(runtimes[i].variablePrefixes ?? {}).sort(), m.name).toEqual([...(m.variablePrefixes ?? [])].sort());
  });
});
