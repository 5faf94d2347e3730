// Lines the doctor does not know: grouped by their shape (the message with its values taken
// out), one entry per kind with its count, in the JSON and in the text report.
import { test, expect } from '@playwright/test';
import { analyse, renderText } from '../../doctor/index.js';
import { ctx, line, log } from '../../../tests/support/doctor-conditions.js';

const invalid = (n: number, value: string, time: string) =>
  line('linux', { level: 'error', conn: n, time, message: `upstream sent unknown "Transfer-Encoding": "${value}"`, action: 'reading response header from upstream', ...ctx('GET / HTTP/1.1', 'http://127.0.0.1:9000/') });

test('unknown lines of one shape are one incident, wherever they are in the log; another shape is another', () => {
  const lines = [
    invalid(1, 'gzip', '2025/03/14 10:00:00'),
    line('linux', { level: 'warn', message: 'conflicting server name "a.example" on 0.0.0.0:80, ignored', time: '2025/03/14 10:05:00' }),
    invalid(7, 'br', '2025/03/14 11:00:00'),
    invalid(12, 'compress, chunked', '2025/03/14 12:30:00'),
  ];
  const d = log('linux', lines);
  expect(d.incidents.map((i) => `${i.condition} ${i.lines}`)).toEqual(['unknown 1,3,4', 'unknown 2']);
  expect(d.incidents[0].cause).toContain('nginx logged 3× "upstream sent unknown "…": "…" while reading response header from upstream" at [error]');
  expect(d.incidents[1].cause).toContain('"conflicting server name "…" on ADDR, ignored" at [warn]');
  const a = analyse(Buffer.from(lines.join('\n') + '\n'), { keepText: true });
  const text = renderText(a.diagnosis(), a);
  expect(text.match(/nginx logged 3× "upstream sent unknown/g)).toHaveLength(1);
});
