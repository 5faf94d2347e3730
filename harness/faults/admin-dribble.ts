import type { ShapeAction } from '../../stand-in/admin-server/faults/action.js';
import { readTimeoutEffect } from './stack-conf.js';
import { wireFault } from './wire.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'The admin server sends its answer\'s body in CHUNKS pieces over MS (WireMock\'s chunked dribble: a piece every MS/CHUNKS, the first with the head): nginx passes the body on only once it is whole; a pause longer than proxy_read_timeout gets "upstream timed out ... while reading upstream" and a cut answer.',
    brief: 'The admin server sends its answer\'s body in CHUNKS pieces over MS',
    chunks: 'how many pieces the body comes in',
    ms: 'how long the body takes in all, in milliseconds',
    wait: 'Admin answers\' bodies now come in {chunks} pieces over {ms} ms, a pause of {wait}',
  },
  'zh-CN': {
    summary: '后端服务把响应体分成 CHUNKS 块，在 MS 毫秒内发完（WireMock 的 chunked dribble：每 MS/CHUNKS 发一块，第一块和响应头一起发）：nginx 要等响应体完整才转发；停顿超过 proxy_read_timeout 时得到 "upstream timed out ... while reading upstream" 和一个被截断的响应。',
    brief: '后端服务把响应体分成 CHUNKS 块，在 MS 毫秒内发完',
    chunks: '响应体分成几块',
    ms: '响应体一共用多少毫秒发完',
    wait: '现在后端服务响应体分 {chunks} 块在 {ms} 毫秒内发完，每次停顿 {wait}',
  },
});

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
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  params: [
    { name: 'chunks', type: 'integer', min: 1, max: 100_000, required: true, placeholder: 'CHUNKS', describe: t('chunks'), example: '5' },
    { name: 'ms', type: 'integer', min: 0, max: 3_600_000, required: true, placeholder: 'MS', describe: t('ms'), example: '1000' },
  ],
  effect: (target, v) => readTimeoutEffect(target, (v.ms as number) / (v.chunks as number), (wait) => t('wait', { chunks: v.chunks as number, ms: v.ms as number, wait })),
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
