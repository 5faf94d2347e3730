import type { ShapeAction } from '../../stubs/admin-server/faults/action.js';
import { wireFault } from './wire.js';
import { t } from '../i18n/index.js';

/** A body sent at `kbps` KiB/s: a piece every 50 ms (the first at once), as toxiproxy's bandwidth sleeps between writes. */
export function pacedPieces(body: Buffer, kbps: number): { bytes: Buffer; afterMs: number }[] {
  const size = Math.max(1, Math.round((kbps * 1024) / 20));
  const pieces: { bytes: Buffer; afterMs: number }[] = [];
  for (let i = 0; i < body.length; i += size) pieces.push({ bytes: body.subarray(i, i + size), afterMs: i ? 50 : 0 });
  return pieces;
}

export const adminBandwidth = wireFault({
  name: 'admin.bandwidth',
  summary: t('fault.admin.bandwidth.summary'),
  params: [{ name: 'kbps', type: 'integer', min: 1, max: 10_000_000, required: true, placeholder: 'KBPS', describe: t('fault.admin.bandwidth.kbps'), example: '1' }],
  action: (v): ShapeAction => ({ stage: 'shape', kind: 'pace', shape: (plan) => void (plan.pieces = pacedPieces(plan.body, v.kbps as number)) }),
});
