// `PageHelper.startPage(page, pageSize)` before a mapper query, as PageHelper 5.2.0
// (pagehelper-spring-boot-starter 1.3.0) runs it with its defaults (reasonable=false,
// pageSizeZero=false): the count query always runs; the page query runs only when pageSize > 0,
// page > 0 and total > startRow, where startRow = (page-1)*pageSize in Java int arithmetic. startRow
// can wrap negative, and MySQL then rejects `LIMIT -20, 10`. Every page endpoint pages this way.
import { SpringError } from './errors.js';
import { success } from './json.js';

const INT_MAX = 2 ** 31 - 1;

export interface Page<T> {
  total: number;
  records: readonly T[];
}

export function startPage<T>(rows: readonly T[], page: number, pageSize: number): Page<T> {
  const total = rows.length;
  // Page's constructor turns startPage(1, Integer.MAX_VALUE) into "no paging".
  if (page === 1 && pageSize === INT_MAX) return { total, records: rows };
  const startRow = page > 0 ? Math.imul(page - 1, pageSize) : 0;
  if (pageSize <= 0 || page <= 0 || total <= startRow) return { total, records: [] };
  if (startRow < 0) throw new SpringError(500); // BadSqlGrammarException: LIMIT -20, 10
  return { total, records: rows.slice(startRow, startRow + pageSize) };
}

/** A page endpoint's whole answer: `{"code":1,…,"data":{"total":N,"records":[…]}}`. */
export function pageAnswer<T>(rows: readonly T[], page: number, pageSize: number, json: (row: T) => string): Buffer {
  const { total, records } = startPage(rows, page, pageSize);
  return Buffer.from(success(`{"total":${total},"records":[${records.map(json).join(',')}]}`));
}
