// Which requests a fault applies to: those whose path matches its glob (picomatch: `*` within a
// segment, `**` across segments, `{a,b}`, `[0-9]`), the first N of them (MockServer's Times), each
// with a probability (toxiproxy's toxicity) drawn from a seeded generator, so that a run repeats
// exactly with the same seed.
import { createRequire } from 'node:module';
import { seededRandom } from '../random.js';

// picomatch (seven CommonJS modules) loads with the first glob, not with the stand-in: `harness up`
// is ready sooner without it, and most stacks never see a fault with --path.
let loaded: typeof import('picomatch') | undefined;
const picomatch = () => (loaded ??= createRequire(import.meta.url)('picomatch') as typeof import('picomatch'));

export interface SelectionOptions {
  /** A glob on the stand-in's path (`/admin/employee/**`), without the query; unset: every path. */
  path?: string;
  /** Applies to this many requests, then no more. */
  times?: number;
  /** The fraction of matching requests it applies to, in (0, 1]. */
  rate?: number;
  /** Seeds the fault's random numbers (its rate and its jitter); drawn when unset. */
  seed?: number;
}

export class Selection {
  readonly seed: number;
  readonly random: () => number;
  /** Requests whose path matched. */
  matched = 0;
  /** Requests it was applied to. */
  applied = 0;
  readonly #matches: (path: string) => boolean;

  constructor(readonly o: SelectionOptions) {
    this.seed = o.seed ?? Math.floor(Math.random() * 2 ** 32);
    this.random = seededRandom(this.seed);
    this.#matches = o.path === undefined ? () => true : picomatch()(o.path, { dot: true });
  }

  /** Used up: applied `times` times already. */
  get spent(): boolean {
    return this.o.times !== undefined && this.applied >= this.o.times;
  }

  /** Whether a request for `path` is one it may apply to (counted as matched; its chance drawn). */
  takes(path: string): boolean {
    if (!this.#matches(path)) return false;
    this.matched++;
    if (this.spent) return false;
    return this.o.rate === undefined || this.random() < this.o.rate;
  }
}

/** The request target's path, as the stand-in receives it, without the query. */
export function pathOf(url: string | undefined): string {
  const target = url ?? '/';
  const q = target.indexOf('?');
  return q < 0 ? target : target.slice(0, q);
}

/**
 * Whether `glob` can match a request to one of `routes` (Spring patterns: `/admin/employee/{id}`):
 * segment by segment, a `{variable}` taking any one segment and a glob's `**` any number of them.
 */
export function globMeetsRoutes(glob: string, routes: readonly string[]): boolean {
  const parts = glob.split('/');
  return routes.some((r) => meets(parts, r.split('/')));
}

function meets(glob: string[], route: string[]): boolean {
  if (!glob.length) return !route.length;
  const [g, ...rest] = glob;
  if (g === '**') return meets(rest, route) || (route.length > 0 && meets(glob, route.slice(1)));
  if (!route.length) return false;
  const r = route[0];
  const segment = g === '' ? r === '' : /^\{[^}]+\}$/.test(r) || picomatch().isMatch(r, g, { dot: true });
  return segment && meets(rest, route.slice(1));
}
