// What the calls of `harness up`'s control channel take, checked before anything acts on them: a
// field of the wrong type is refused (400) with what came and what is accepted, never read as
// something else (a string's letters as positional values, an array's indexes as flags).
import type { FaultInput } from '../faults/fault.js';
import { BadBody, described } from '../channel-body.js';

/** A value as a user types it: the page's form may send a number. */
const typed = (v: unknown) => typeof v === 'string' || typeof v === 'number';

/** POST /faults: `{"name":"admin.truncate","positional":["10"],"flags":{"path":"/admin/**"}}`. */
export function faultCall(body: Record<string, unknown>): { name: string; input: FaultInput } {
  const { name, positional, flags } = body;
  // A fault's name is a few words (admin.stop): a longer text is no name, and is not quoted whole.
  if (typeof name !== 'string' || !name || name.length > 100) throw new BadBody(`"name" must be a fault's name as text, e.g. {"name":"admin.stop"}, not ${name === undefined ? 'missing' : described(name)}`);
  if (positional !== undefined && !(Array.isArray(positional) && positional.every(typed))) {
    throw new BadBody(`"positional" must be an array of the fault's values as text, e.g. ["10"], not ${described(positional)}${Array.isArray(positional) ? ' with other values' : ''}`);
  }
  if (flags !== undefined && (flags === null || typeof flags !== 'object' || Array.isArray(flags))) {
    throw new BadBody(`"flags" must be an object of option values by name, e.g. {"path":"/admin/**"}, not ${described(flags)}`);
  }
  for (const [flag, value] of Object.entries((flags ?? {}) as Record<string, unknown>)) {
    if (value !== null && !typed(value)) throw new BadBody(`"flags"."${flag}" must be the option's value as text, e.g. "1", not ${described(value)}`);
  }
  return { name, input: { positional: (positional as unknown[] | undefined)?.map(String), flags: flags as FaultInput['flags'] } };
}

/** POST /restore: `{}` for every fault, or `{"id":2}` for one (the id `harness chaos status` lists). */
export function restoreCall(body: Record<string, unknown>): number | undefined {
  const { id } = body;
  if (id === undefined) return undefined;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw new BadBody(`"id" must be an applied fault's id, a whole number from 1 up (GET /status lists them), not ${described(id)}`);
  return id;
}
