import { wireFault } from './wire.js';
import { messages } from '../i18n/index.js';

const t = messages({
  en: {
    summary: 'The admin server answers BYTES random bytes that are not HTTP (WireMock\'s RANDOM_DATA_THEN_CLOSE), then closes: nginx logs "upstream sent no valid HTTP/1.0 header" and passes the bytes on as they came, an HTTP/0.9 answer with no status line (009 in its access log), which a browser refuses.',
    brief: 'The admin server answers BYTES random bytes that are not HTTP, then closes',
    bytes: 'how many random bytes it sends',
  },
  'zh-CN': {
    summary: '后端服务返回 BYTES 个不是 HTTP 的随机字节（WireMock 的 RANDOM_DATA_THEN_CLOSE），然后关闭连接：nginx 记录 "upstream sent no valid HTTP/1.0 header"，并把这些字节原样转发，成为一个没有状态行的 HTTP/0.9 响应（access log 里是 009），浏览器会拒绝它。',
    brief: '后端服务返回 BYTES 个不是 HTTP 的随机字节，然后关闭连接',
    bytes: '发送多少个随机字节',
  },
});

/** `length` bytes from the fault's generator, never starting with `H` (which nginx would read as the start of `HTTP/`). */
export function garbageBytes(length: number, random: () => number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = Math.floor(random() * 256);
  if (bytes[0] === 0x48) bytes[0] ^= 0x01;
  return bytes;
}

export const adminGarbage = wireFault({
  name: 'admin.garbage',
  summary: t('summary'),
  brief: t('brief'),
  texts: t.texts,
  params: [{ name: 'bytes', type: 'integer', min: 1, max: 65_536, default: 64, placeholder: 'BYTES', describe: t('bytes'), example: '64' }],
  // The bytes come from its seed: --seed S sends the same bytes again.
  random: () => true,
  action: (v) => ({ stage: 'answer', answers: 'wire', answer: (x) => void x.requestRead().then(() => x.socket.end(garbageBytes(v.bytes as number, x.random))) }),
});
