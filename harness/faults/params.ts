// The arguments of a fault, described once: each fault's `params` (fault.ts's Param) say what it takes (name, type,
// range, an example), and parseFault() checks what a user gave against them. `harness chaos
// inject`, scenarios and the stack's control channel all go through parseFault(), and a form can
// be drawn from the same descriptions; a bad value is a FaultError that says what is accepted.
import { FaultError, type Fault, type FaultInput, type FaultValues, type Param, type ParamValue } from './fault.js';
import { t } from '../i18n/index.js';

/** What a param accepts, in words. */
export function accepts(p: Param): string {
  switch (p.type) {
    case 'integer':
      return t('fault.params.integer', { min: p.min, max: p.max });
    case 'fraction':
      return t('fault.params.fraction');
    case 'choice':
      return t('fault.params.choice', { values: p.values.join(', ') });
    case 'glob':
      return t('fault.params.glob');
    case 'text':
      return p.describe;
  }
}

/** `admin.truncate BYTES [--path GLOB] [--times N] [--rate P] [--seed S]` */
export function usage(f: Fault): string {
  const shown = f.params.map((p) => {
    const text = p.flag ? `--${p.name} ${p.placeholder}` : p.placeholder;
    return p.required ? text : `[${text}]`;
  });
  return [f.name, ...shown].join(' ');
}

/** `admin.latency MS [--jitter MS] ... (also admin.slow)`: a fault as `chaos list` and inject's help show it. */
export function shownUsage(f: Fault): string {
  return usage(f) + (f.alias ? t('chaos.list.alias', { alias: f.alias }) : '');
}

/** `admin.truncate 10 --path /admin/employee/page`: the fault as a user types it. */
export function label(f: Fault, values: FaultValues): string {
  const parts = [f.name];
  for (const p of f.params) {
    const v = values[p.name];
    if (v === undefined || (p.default !== undefined && v === p.default)) continue;
    parts.push(p.flag ? `--${p.name} ${v}` : String(v));
  }
  return parts.join(' ');
}

/** The tokens after a fault's name (`10 --path /admin/** --times=1`): positional values and flags. */
export function parseTokens(tokens: readonly string[]): FaultInput {
  const positional: string[] = [];
  const flags: Record<string, string> = Object.create(null);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!/^--./.test(token)) {
      positional.push(token);
      continue;
    }
    const eq = token.indexOf('=');
    const name = eq < 0 ? token.slice(2) : token.slice(2, eq);
    const value = eq < 0 ? tokens[++i] : token.slice(eq + 1);
    if (value === undefined || (eq < 0 && /^--./.test(value))) throw new FaultError(t('fault.params.needsValue', { name, upper: name.toUpperCase() }));
    if (Object.hasOwn(flags, name)) throw new FaultError(t('fault.params.twice', { name, first: flags[name], second: value }));
    flags[name] = value;
  }
  return { positional, flags };
}

/** `admin.truncate 10 --path /admin/**`: a fault as a user types it after `harness chaos inject`. */
export function splitCommand(command: string): { name: string; input: FaultInput } {
  const [name, ...tokens] = command.trim().split(/\s+/);
  return { name, input: parseTokens(tokens) };
}

/** Checks `input` against `f.params`: the values by name, or a FaultError that says what is accepted. */
export function parseFault(f: Fault, input: FaultInput): FaultValues {
  const fail = (message: string): never => {
    throw new FaultError(`${message}\n${t('fault.params.usage', { usage: usage(f) })}`);
  };
  const positionals = f.params.filter((p) => !p.flag);
  const given = input.positional ?? [];
  if (given.length > positionals.length) {
    const extra = given.slice(positionals.length).map((g) => JSON.stringify(g)).join(' ');
    const placeholders = positionals.map((p) => p.placeholder).join(' ');
    fail(positionals.length ? t(positionals.length === 1 ? 'fault.params.oneTooMany' : 'fault.params.manyTooMany', { fault: f.name, count: positionals.length, placeholders, extra }) : t('fault.params.noArgument', { fault: f.name, extra }));
  }
  const flags = input.flags ?? {};
  for (const name of Object.keys(flags)) {
    if (flags[name] !== undefined && !f.params.some((p) => p.name === name)) {
      const known = f.params.filter((p) => p.flag).map((p) => `--${p.name} ${p.placeholder}`);
      fail(known.length ? t('fault.params.notOption', { name, fault: f.name, known: known.join(', ') }) : t('fault.params.noOptions', { name, fault: f.name }));
    }
  }
  const values: Record<string, ParamValue | undefined> = {};
  for (const p of f.params) {
    // A form may send numbers: every value is read as the text a user would type.
    const given1 = (Object.hasOwn(flags, p.name) ? flags[p.name] : undefined) ?? (p.flag ? undefined : given[positionals.indexOf(p)]);
    const raw = given1 === undefined || given1 === null ? undefined : String(given1);
    const shown = p.flag ? `--${p.name} ${JSON.stringify(raw ?? '')}` : `${f.name} ${JSON.stringify(raw ?? '')}`;
    if (raw === undefined) {
      if (p.required) fail(t('fault.params.needs', { fault: f.name, placeholder: p.placeholder, describe: p.describe, accepts: accepts(p), example: `${p.flag ? `--${p.name} ` : ''}${p.example}` }));
      values[p.name] = p.default;
      continue;
    }
    const bad = () => fail(t('fault.params.bad', { shown, placeholder: p.placeholder, describe: p.describe, accepts: accepts(p), example: `${p.flag ? `--${p.name} ` : ''}${p.example}` }));
    switch (p.type) {
      case 'integer': {
        const n = /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
        if (!Number.isSafeInteger(n) || n < p.min || n > p.max) bad();
        values[p.name] = n;
        break;
      }
      case 'fraction': {
        const n = /^(?:\d+(?:\.\d*)?|\.\d+)$/.test(raw.trim()) ? Number(raw) : NaN;
        if (!(n > 0 && n <= 1)) bad();
        values[p.name] = n;
        break;
      }
      case 'choice':
        if (!p.values.includes(raw)) bad();
        values[p.name] = raw;
        break;
      case 'glob':
      case 'text':
        if (!raw.trim()) bad();
        values[p.name] = raw;
    }
  }
  return values;
}
