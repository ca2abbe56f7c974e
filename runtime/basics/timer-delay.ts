/**
 * Delays for `setTimeout`. Every host (Node, browsers, Deno, Bun) stores the delay as a signed
 * 32-bit integer: anything above 2^31 - 1 ms (about 24.8 days) overflows and fires after 1 ms, so a
 * `timeout: 3_000_000_000` meant as "very long" would fail every request at once.
 */

/** The longest delay a timer can wait: 2^31 - 1 ms, about 24.8 days. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/**
 * `ms` clamped into what a timer can wait: at most `MAX_TIMER_DELAY_MS` (a longer wait is, in
 * practice, the same as that one), at least 0 (NaN counts as 0).
 */
export function timerDelay(ms: number): number {
  if (!(ms > 0)) return 0;
  return Math.min(ms, MAX_TIMER_DELAY_MS);
}
