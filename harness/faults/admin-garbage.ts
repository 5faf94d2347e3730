import { wireFault } from './wire.js';
import { t } from '../i18n/index.js';

/** `length` bytes from the fault's generator, never starting with `H` (which nginx would read as the start of `HTTP/`). */
export function garbageBytes(length: number, random: () => number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = Math.floor(random() * 256);
  if (bytes[0] === 0x48) bytes[0] ^= 0x01;
  return bytes;
}

export const adminGarbage = wireFault({
  name: 'admin.garbage',
  summary: t('fault.admin.garbage.summary'),
  params: [{ name: 'bytes', type: 'integer', min: 1, max: 65_536, default: 64, placeholder: 'BYTES', describe: t('fault.admin.garbage.bytes'), example: '64' }],
  // The bytes come from its seed: --seed S sends the same bytes again.
  random: () => true,
  action: (v) => ({ stage: 'answer', answers: 'wire', answer: (x) => void x.requestRead().then(() => x.socket.end(garbageBytes(v.bytes as number, x.random))) }),
});
