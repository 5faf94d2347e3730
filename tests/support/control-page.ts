// The control page of a `harness up` the test started: its URL (as printed), and the page's parts
// by what a user sees.
import { expect, type Locator, type Page } from '@playwright/test';
import { harnessUp, type Up } from './harness-up.js';

/** The control page's line of the ready block, in English or Chinese (`harness up --lang zh-CN`). */
const CONTROL_LINE = /(?:control|控制页) +(http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+) /;

/** `harness up` (harnessUp), once it has printed its control page's URL. */
export function upWithControl(engine: string, dir: string, extra: string[] = [], o: { inDir?: boolean } = {}): Promise<Up> {
  return harnessUp(engine, dir, extra, CONTROL_LINE, o);
}

/** The control page's URL, token included, as harness up printed it. */
export function controlUrl(up: Up): string {
  const m = CONTROL_LINE.exec(up.output.join('\n'));
  if (!m) throw new Error(`harness up printed no control URL:\n${up.output.join('\n')}`);
  return m[1];
}

/** Opens the control page and waits for its stream to be live. */
export async function openControl(page: Page, up: Up): Promise<void> {
  await page.goto(controlUrl(up));
  await expect(page.locator('#connection')).toHaveAttribute('data-state', 'open');
}

/** Opens a fault's form, fills it (each field by its argument's name, `signal-or-code`) and injects it; resolves with what the form says. */
export async function inject(page: Page, fault: string, values: Record<string, string> = {}): Promise<Locator> {
  const details = page.getByTestId(`fault-${fault}`);
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator('summary').click();
  for (const [name, value] of Object.entries(values)) {
    const field = details.locator(`[name="${name}"]`);
    if ((await field.evaluate((e) => e.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
  const result = details.locator('.result');
  await details.getByRole('button', { name: 'Inject' }).click();
  await expect(result).not.toHaveText('applying…');
  await expect(result).not.toBeEmpty();
  return result;
}

/** The marks of a row of the timeline (`error-log`, `browser`, `harness`...), as drawn now. */
export function marks(page: Page, row: string): Locator {
  return page.locator(`#timeline-view g.mark[data-row="${row}"]`);
}

export function incidents(page: Page): Locator {
  return page.getByTestId('incidents').locator('li.incident');
}
