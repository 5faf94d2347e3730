// What MySQL (strict mode, utf8 = utf8mb3 columns, utf8_bin) does with a value written to a column,
// and how the app's GlobalExceptionHandler words it: NOT NULL and UNIQUE violations are integrity
// violations (Result.error: 未知错误, '<value>'已存在); a value too long for its column, a character
// utf8mb3 cannot store, or a number out of the column's range is any other SQL error (500).
import { BusinessError, SpringError } from './errors.js';

export const UNKNOWN_ERROR = '未知错误';

/** `Column 'x' cannot be null`: 未知错误. */
export function notNull<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new BusinessError(UNKNOWN_ERROR);
  return value;
}

/** varchar(max): Data too long, or Incorrect string value for a 4-byte UTF-8 character: a 500. */
export function varchar(value: string | null, max: number): string | null {
  if (value === null) return null;
  let length = 0;
  for (const ch of value) {
    if (ch.codePointAt(0)! > 0xffff) throw new SpringError(500);
    length++;
  }
  if (length > max) throw new SpringError(500);
  return value;
}

const DECIMAL_10_2_MAX = 9_999_999_999; // cents

/** decimal(10,2): Out of range value: a 500. */
export function decimal(cents: number | null): number | null {
  if (cents !== null && Math.abs(cents) > DECIMAL_10_2_MAX) throw new SpringError(500);
  return cents;
}

/** utf8_bin is a PAD SPACE collation: trailing spaces do not count in comparisons. */
export function padSpace(value: string): string {
  return value.replace(/ +$/, '');
}

/** `Duplicate entry '<value>' for key '…'`: the handler takes the message's third space-separated
 *  word, quotes included, so a value with a space is cut there (`'a b'` → `'a已存在`). */
export function duplicate(value: string): never {
  throw new BusinessError(`Duplicate entry '${value}' for key`.split(' ')[2] + '已存在');
}
