import type { ShapeAction } from '../../stand-in/admin-server/faults/action.js';
import { wireFault } from './wire.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'The admin server sends its answers\' bodies at KBPS KiB/s (a congested link), the head at once: answers come whole, late; nginx logs nothing unless a pause passes proxy_read_timeout.',
    brief: 'The admin server sends its answers\' bodies at KBPS KiB/s (a congested link)',
    kbps: 'the body\'s speed in KiB per second',
  },
  'zh-CN': {
    summary: '后端服务以 KBPS KiB/s 的速度发送响应体（网络拥堵），响应头立即发出：响应完整但来得晚；除非某次停顿超过 proxy_read_timeout，nginx 不记录任何内容。',
    brief: '后端服务以 KBPS KiB/s 的速度发送响应体（网络拥堵）',
    kbps: '响应体的速度，单位 KiB/s',
  },
});

/** A body sent at `kbps` KiB/s: a piece every 50 ms (the first at once), as toxiproxy's bandwidth sleeps between writes. */
export function pacedPieces(body: Buffer, kbps: number): { bytes: Buffer; afterMs: number }[] {
  const size = Math.max(1, Math.round((kbps * 1024) / 20));
  const pieces: { bytes: Buffer; afterMs: number }[] = [];
  for (let i = 0; i < body.length; i += size) pieces.push({ bytes: body.subarray(i, i + size), afterMs: i ? 50 : 0 });
  return pieces;
}

export const adminBandwidth = wireFault({
  name: 'admin.bandwidth',
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  params: [{ name: 'kbps', type: 'integer', min: 1, max: 10_000_000, required: true, placeholder: 'KBPS', describe: t('kbps'), example: '1' }],
  action: (v): ShapeAction => ({ stage: 'shape', kind: 'pace', shape: (plan) => void (plan.pieces = pacedPieces(plan.body, v.kbps as number)) }),
});
