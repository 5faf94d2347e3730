// The phase engine built from a module list: each phase's handlers in order (the core's, then the
// modules' in the list's order), the two entry points, and post-rewrite's way back to find config.
import { test, expect } from '@playwright/test';
import { phaseEngine } from './phases.js';
import { findConfigPhase } from './find-config.js';
import type { PhaseHandler } from '../request.js';

const marker = (): PhaseHandler => () => false;

test('handlers run in the phases\' order, the core\'s first in a phase, then the modules\' in the list\'s order', () => {
  const [serverA, accessA, accessB, rewriteB] = [marker(), marker(), marker(), marker()];
  const engine = phaseEngine([
    { phaseHandlers: { access: accessA, 'server-rewrite': serverA } },
    { phaseHandlers: { rewrite: rewriteB, access: accessB } },
  ]);
  const list = engine.handlers.map((h) => h.handler);
  // server-rewrite, find-config, rewrite, post-rewrite, access x2, content, and the content
  // phase's end when every content handler declined.
  expect(list).toHaveLength(8);
  expect(list[0]).toBe(serverA);
  expect(list[1]).toBe(findConfigPhase);
  expect(list[2]).toBe(rewriteB);
  expect([list[4], list[5]]).toEqual([accessA, accessB]);
  expect(engine.serverRewrite).toBe(0);
  expect(engine.locationRewrite).toBe(2);
  // Post-rewrite goes back to find config, and only it has a way back.
  expect(engine.handlers.filter((h) => h.back !== undefined).map((h) => h.back)).toEqual([1]);
});

test('a phase no module joins starts where the next one does', () => {
  const engine = phaseEngine([]);
  expect(engine.handlers[engine.serverRewrite].handler).toBe(findConfigPhase);
  // No rewrite handler: a named location goes on from post-rewrite, which goes back to find config.
  expect(engine.handlers).toHaveLength(4);
  expect(engine.locationRewrite).toBe(1);
  expect(engine.handlers[1].back).toBe(0);
});

test('the log phase\'s handlers are no step of the engine: the request runs them all as it ends, in the list\'s order', () => {
  const [logA, logB] = [() => {}, () => {}];
  const engine = phaseEngine([{ phaseHandlers: { log: logA } }, {}, { phaseHandlers: { log: logB } }]);
  expect(engine.log).toEqual([logA, logB]);
  expect(engine.handlers).toHaveLength(4);
});
