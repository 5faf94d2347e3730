// nginx's cached clock counts whole seconds: a peer that failed at second S is skipped while
// now - S <= fail_timeout. Tests that wait for a fail_timeout to run out wait for a wall-clock
// second, not for a fixed time.

/**
 * Resolves at the start of the wall-clock second that is `n` whole seconds after the current one.
 * Called after a failure was seen, it is at least `n` ticks of nginx's clock after that failure.
 */
export async function wholeSecondsLater(n: number): Promise<void> {
  const ms = (Math.floor(Date.now() / 1000) + n) * 1000 + 20 - Date.now();
  await new Promise((r) => setTimeout(r, ms));
}
