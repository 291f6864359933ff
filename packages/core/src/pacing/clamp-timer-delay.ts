/** The longest delay Node's timers take: a longer one fires after 1 ms instead. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/**
 * A delay read from outside (Redis, a header), made safe to hand to a timer: a whole number of
 * milliseconds from 0 to `maxMs` (itself cut to {@link MAX_TIMER_DELAY_MS}). What is not a number
 * is 0; +Infinity is `maxMs`. A delay past the timer maximum would otherwise fire at once.
 */
export function clampTimerDelay(options: { readonly ms: number; readonly maxMs?: number }): number {
  const max = Math.min(options.maxMs ?? MAX_TIMER_DELAY_MS, MAX_TIMER_DELAY_MS);
  if (Number.isNaN(options.ms)) return 0;
  return Math.max(0, Math.min(Math.ceil(options.ms), Math.floor(max)));
}
