// How sky-server's Jackson (the app's JacksonObjectMapper) and fastjson write values: the pieces the
// controllers assemble their JSON from, by hand, so that keys come in the Java classes' field order
// and money keeps its scale (`6.00`), which JSON.stringify cannot do.

/** A MySQL BIGINT as the stand-in holds it: a number while it is exact, a bigint beyond. */
export type Long = number | bigint;

/** A quoted JSON string, or null. */
export function str(s: string | null | undefined): string {
  return s === null || s === undefined ? 'null' : JSON.stringify(s);
}

/** A number (Integer, Long) or null. */
export function num(n: Long | null | undefined): string {
  return n === null || n === undefined ? 'null' : String(n);
}

/** A decimal(10,2) column read back as BigDecimal: the stored scale, 2 (`56.00`, `-0.50`). */
export function money(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return 'null';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A LocalDateTime as the app writes it, `yyyy-MM-dd HH:mm` (the stand-in keeps seconds inside). */
export function time(t: string | null | undefined): string {
  return t === null || t === undefined ? 'null' : `"${t.slice(0, 16)}"`;
}

/** Java's Double.toString: `0.0`, `52.0`, `0.3333333333333333`, and from 10^7 (or below 10^-3)
 *  computerized scientific notation, `1.0E7`. */
export function javaDouble(d: number): string {
  if (d === 0) return Object.is(d, -0) ? '-0.0' : '0.0';
  if (!Number.isFinite(d)) return Number.isNaN(d) ? 'NaN' : d > 0 ? 'Infinity' : '-Infinity';
  const abs = Math.abs(d);
  if (abs >= 1e-3 && abs < 1e7) {
    const s = String(d);
    return s.includes('.') ? s : `${s}.0`;
  }
  const [mantissa, exponent] = d.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

/** `{"code":1,"msg":null,"data":<data>}`: Result.success(data). */
export function success(data = 'null'): string {
  return `{"code":1,"msg":null,"data":${data}}`;
}

/** `{"code":0,"msg":"…","data":null}`: Result.error(msg). */
export function failure(msg: string): string {
  return `{"code":0,"msg":${JSON.stringify(msg)},"data":null}`;
}

/** PageResult: `{"total":N,"records":[…]}`. */
export function pageResult(total: number, records: readonly string[]): string {
  return `{"total":${total},"records":[${records.join(',')}]}`;
}

const two = (n: number) => (n < 10 ? '0' : '') + n;

/** Server local time as MySQL keeps a DATETIME: `yyyy-MM-dd HH:mm:ss`. Strings of this form sort
 *  as the times do, which is how the stand-in compares them. */
export function localDateTime(ms: number): string {
  const d = new Date(ms);
  return `${localDate(ms)} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** Server local date, `yyyy-MM-dd` (LocalDate.toString for years 0–9999). */
export function localDate(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getFullYear()).padStart(4, '0')}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** Local midnight of the day `ms` falls in, plus `days` days (DST-safe: by the calendar, not by 24 h). */
export function startOfDay(ms: number, days = 0): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days).getTime();
}
