// The TAP that an nginx-tests file prints (Test::More): its plan, its `ok` and `not ok` lines and
// their `# skip` and `# TODO` directives, a whole file skipped (`1..0 # SKIP why`), a bail-out.
// Only lines at the start of a line count: a subtest's lines are indented.
//
// Test::Nginx's plan() adds two assertions of its own to every file's, made as the file ends: "no
// alerts" and "no sanitizer errors" in the error log. They are left out of the counts (the file's
// own assertions are what an engine passes or not), as they are left out of the plan; a failed one
// is still the first failure when nothing failed before it.

export interface Tally {
  /** The plan's count; undefined when the file printed none (it died first). */
  planned?: number;
  /** Assertions that held: `ok` lines, less skipped ones (an `ok # TODO` held, so it counts). */
  passed: number;
  /** `not ok` lines, less TODO ones. */
  failed: number;
  /** `ok # skip` lines: assertions not made. */
  skipped: number;
  /** `not ok # TODO` lines: failures the file expects. */
  todo: number;
  /** Why the whole file was skipped (`1..0 # SKIP why`). */
  skipAll?: string;
  bailOut?: string;
  /** The first failure: `3 - its name`. */
  firstFailure?: string;
}

const LOG_CHECKS = ['no alerts', 'no sanitizer errors'];

const PLAN = /^1\.\.(\d+)(?:\s*#\s*skip\S*\s*(.*))?$/i;
const TEST = /^(not )?ok\b\s*(\d*)\s*(.*)$/;

/** A test line's text and its directive: the first `#` not escaped as `\#` starts the directive. */
function splitDirective(rest: string): { name: string; directive?: 'skip' | 'todo' } {
  const hash = rest.search(/(?<!\\)#/);
  if (hash < 0) return { name: rest.trim() };
  const d = /^#\s*(skip|todo)/i.exec(rest.slice(hash));
  return { name: rest.slice(0, hash).trim(), directive: d ? (d[1].toLowerCase() as 'skip' | 'todo') : undefined };
}

export function parseTap(stdout: string): Tally {
  const t: Tally = { passed: 0, failed: 0, skipped: 0, todo: 0 };
  for (const line of stdout.split(/\r?\n/)) {
    const plan = PLAN.exec(line);
    if (plan) {
      t.planned = Number(plan[1]);
      if (t.planned === 0) t.skipAll = plan[2]?.trim() || 'skipped';
      continue;
    }
    if (line.startsWith('Bail out!')) {
      t.bailOut = line.slice('Bail out!'.length).trim() || 'bailed out';
      continue;
    }
    const m = TEST.exec(line);
    if (!m) continue;
    const { name, directive } = splitDirective(m[3]);
    if (LOG_CHECKS.includes(name.replace(/^-\s*/, ''))) {
      if (m[1] && directive !== 'todo') t.firstFailure ??= `${m[2]} ${name}`.trim();
      continue;
    }
    if (!m[1]) {
      if (directive === 'skip') t.skipped++;
      else t.passed++;
    } else if (directive === 'todo') t.todo++;
    else {
      t.failed++;
      t.firstFailure ??= `${m[2]} ${name}`.trim();
    }
  }
  return t;
}

/**
 * How many assertions of its own the file meant to make: its plan less Test::Nginx's two, or what
 * it printed when it died before its plan.
 */
export function total(t: Tally): number {
  return t.planned ? t.planned - LOG_CHECKS.length : (t.planned ?? t.passed + t.failed + t.skipped + t.todo);
}
