// The golden transcripts' normalisation and shapes (tests/support/transcripts.ts): what varies
// between runs is replaced, and nothing else is.
import { test, expect } from '@playwright/test';
import { dayOf, normalise, shapeOf } from '../support/transcripts.js';

test('normalise: the token, the error timestamp, the times of the day and UUIDs; other values kept', () => {
  const login = '{"code":1,"msg":null,"data":{"id":1,"userName":"admin","name":"管理员","token":"eyJhbGciOiJIUzI1NiJ9.e30.x"}}';
  expect(normalise(login, '2026-12-02')).toBe('{"code":1,"msg":null,"data":{"id":1,"userName":"admin","name":"管理员","token":"<token>"}}');
  expect(normalise('{"timestamp":1796197585509,"status":500,"error":"Internal Server Error","path":"/x"}', '2026-12-02'))
    .toBe('{"timestamp":0,"status":500,"error":"Internal Server Error","path":"/x"}');
  const row = '{"createTime":"2026-12-02 15:49","updateTime":"2026-12-02 15:49:07","seedTime":"2022-06-09 22:15","other":"2026-12-01 23:59"}';
  expect(normalise(row, '2026-12-02')).toBe('{"createTime":"<now>","updateTime":"<now>","seedTime":"2022-06-09 22:15","other":"2026-12-01 23:59"}');
  expect(normalise('{"data":"https://dummy.oss-cn-hangzhou.aliyuncs.com/5f46dbab-41ff-43ad-aa66-9601835165d4.png"}', '2026-12-02'))
    .toBe('{"data":"https://dummy.oss-cn-hangzhou.aliyuncs.com/<uuid>.png"}');
  // A number named token, a string timestamp, and a body that is no JSON are left as they are.
  expect(normalise('{"token":5,"timestamp":"now"}', '2026-12-02')).toBe('{"token":5,"timestamp":"now"}');
  expect(normalise('<html>2026-12-02 15:49</html>', '2026-12-02')).toBe('<html>2026-12-02 15:49</html>');
});

test('dayOf: the day in the server\'s zone, not the machine\'s', () => {
  const lateUtc = Date.UTC(2026, 11, 2, 20, 0); // 04:00 on the 3rd in Shanghai
  expect(dayOf(lateUtc, 'Asia/Shanghai')).toBe('2026-12-03');
  expect(dayOf(lateUtc, 'UTC')).toBe('2026-12-02');
});

test('shapeOf: keys in order and value types; a list only as a list; no JSON as it is', () => {
  expect(shapeOf('{"code":1,"msg":null,"data":{"total":3,"records":[{"id":1}]}}'))
    .toBe('{"code":"number","msg":"null","data":{"total":"number","records":"array"}}');
  expect(shapeOf('{"b":1,"a":"x"}')).not.toBe(shapeOf('{"a":"x","b":1}'));
  expect(shapeOf('')).toBe('');
});
