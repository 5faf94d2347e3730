// API steps shared by scenarios.
import type { Run } from '../../harness/scenario-runner/runner.js';
import type { ApiResponse } from '../../harness/scenario-runner/api.js';
import { t } from '../../harness/i18n/index.js';

/** Logs in, then asks for pages 1..n: the statuses of all of them, login first. */
export async function loginThenPages(run: Run, n: number): Promise<number[]> {
  run.step(t('scenario.steps.loginThenPages', { n }));
  const { token, response } = await run.api.login();
  const pages: ApiResponse[] = [];
  for (let i = 1; i <= n; i++) pages.push(await run.api.page(token ?? '', i));
  return [response.status, ...pages.map((p) => p.status)];
}
