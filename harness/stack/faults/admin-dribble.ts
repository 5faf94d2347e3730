import type { ShapeAction } from '../../../stubs/admin-server/faults/action.js';
import { readTimeoutEffect } from './stack-conf.js';
import { wireFault } from './wire.js';

/** The body in `chunks` pieces of nearly equal size (fewer for a shorter body), each `ms` after the one before. */
export function dribblePieces(body: Buffer, chunks: number, ms: number): { bytes: Buffer; afterMs: number }[] {
  const n = Math.max(1, Math.min(chunks, body.length));
  const pieces: { bytes: Buffer; afterMs: number }[] = [];
  for (let i = 0; i < n; i++) pieces.push({ bytes: body.subarray(Math.floor((i * body.length) / n), Math.floor(((i + 1) * body.length) / n)), afterMs: ms });
  return pieces;
}

export const adminDribble = wireFault({
  name: 'admin.dribble',
  summary: 'The admin server sends its answer\'s head at once, then the body in CHUNKS pieces MS apart (WireMock\'s chunked dribble): nginx passes the body on only once it is whole; a pause longer than proxy_read_timeout gets "upstream timed out ... while reading upstream" and a cut answer.',
  params: [
    { name: 'chunks', type: 'integer', min: 1, max: 100_000, required: true, placeholder: 'CHUNKS', describe: 'how many pieces the body comes in', example: '5' },
    { name: 'ms', type: 'integer', min: 0, max: 3_600_000, required: true, placeholder: 'MS', describe: 'the pause before each piece, in milliseconds', example: '200' },
  ],
  effect: (target, v) => readTimeoutEffect(target, v.ms as number, `Admin answers' bodies now come in ${v.chunks} pieces, each after a pause of`),
  action: (v): ShapeAction => ({ stage: 'shape', kind: 'pace', shape: (plan) => void (plan.pieces = dribblePieces(plan.body, v.chunks as number, v.ms as number)) }),
});
