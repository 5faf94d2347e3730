import type { ShapeAction } from '../../stubs/admin-server/faults/action.js';
import { readTimeoutEffect } from './stack-conf.js';
import { wireFault } from './wire.js';
import { t } from '../i18n/index.js';

/**
 * WireMock's chunked dribble: the body in `chunks` pieces of nearly equal size (fewer for a shorter
 * body) over `ms` in all, a piece every ms/chunks, the first with the head; the answer ends ms after
 * the head. Returns the pieces and the wait after the last.
 */
export function dribble(body: Buffer, chunks: number, ms: number): { pieces: { bytes: Buffer; afterMs: number }[]; endAfterMs: number } {
  const n = Math.max(1, Math.min(chunks, body.length));
  const interval = ms / n;
  const pieces = Array.from({ length: n }, (_, i) => ({
    bytes: body.subarray(Math.floor((i * body.length) / n), Math.floor(((i + 1) * body.length) / n)),
    afterMs: i ? interval : 0,
  }));
  return { pieces, endAfterMs: interval };
}

export const adminDribble = wireFault({
  name: 'admin.dribble',
  summary: t('fault.admin.dribble.summary'),
  params: [
    { name: 'chunks', type: 'integer', min: 1, max: 100_000, required: true, placeholder: 'CHUNKS', describe: t('fault.admin.dribble.chunks'), example: '5' },
    { name: 'ms', type: 'integer', min: 0, max: 3_600_000, required: true, placeholder: 'MS', describe: t('fault.admin.dribble.ms'), example: '1000' },
  ],
  effect: (target, v) => readTimeoutEffect(target, (v.ms as number) / (v.chunks as number), (wait) => t('fault.admin.dribble.wait', { chunks: v.chunks as number, ms: v.ms as number, wait })),
  action: (v): ShapeAction => ({
    stage: 'shape',
    kind: 'pace',
    shape(plan) {
      const d = dribble(plan.body, v.chunks as number, v.ms as number);
      plan.pieces = d.pieces;
      plan.endAfterMs += d.endAfterMs;
    },
  }),
});
