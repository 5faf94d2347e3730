// strftime() in the C locale, for the SSI's `config timefmt`: the conversions of C99 nginx's users
// write; any other is left as it is.
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `t` as `format` says, in UTC (`gmt`) or the local time zone. */
export function strftime(format: string, t: Date, gmt: boolean): string {
  const d = gmt ? { Y: t.getUTCFullYear(), m: t.getUTCMonth(), d: t.getUTCDate(), H: t.getUTCHours(), M: t.getUTCMinutes(), S: t.getUTCSeconds(), w: t.getUTCDay() } : { Y: t.getFullYear(), m: t.getMonth(), d: t.getDate(), H: t.getHours(), M: t.getMinutes(), S: t.getSeconds(), w: t.getDay() };
  const zone = gmt ? 'GMT' : (new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(t).find((p) => p.type === 'timeZoneName')?.value ?? '');
  const start = gmt ? Date.UTC(d.Y, 0, 1) : new Date(d.Y, 0, 1).getTime();
  const yday = Math.floor(((gmt ? Date.UTC(d.Y, d.m, d.d) : new Date(d.Y, d.m, d.d).getTime()) - start) / 86400000) + 1;
  const conv: Record<string, () => string> = {
    a: () => DAYS[d.w].slice(0, 3),
    A: () => DAYS[d.w],
    b: () => MONTHS[d.m].slice(0, 3),
    h: () => MONTHS[d.m].slice(0, 3),
    B: () => MONTHS[d.m],
    d: () => pad(d.d),
    e: () => String(d.d).padStart(2, ' '),
    H: () => pad(d.H),
    I: () => pad(d.H % 12 || 12),
    j: () => pad(yday, 3),
    m: () => pad(d.m + 1),
    M: () => pad(d.M),
    p: () => (d.H < 12 ? 'AM' : 'PM'),
    S: () => pad(d.S),
    y: () => pad(d.Y % 100),
    Y: () => String(d.Y),
    Z: () => zone,
    T: () => `${pad(d.H)}:${pad(d.M)}:${pad(d.S)}`,
    D: () => `${pad(d.m + 1)}/${pad(d.d)}/${pad(d.Y % 100)}`,
    s: () => String(Math.floor(t.getTime() / 1000)),
    '%': () => '%',
  };
  return format.replace(/%(.)/g, (m, c: string) => (Object.hasOwn(conv, c) ? conv[c]() : m));
}
