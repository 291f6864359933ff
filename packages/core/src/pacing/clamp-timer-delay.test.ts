import { describe, expect, it } from 'vitest';
import { clampTimerDelay, MAX_TIMER_DELAY_MS } from './clamp-timer-delay';

describe('clampTimerDelay', () => {
  it.each([
    [1500, undefined, 1500],
    [1.2, undefined, 2],
    [-5, undefined, 0],
    [Number.NaN, undefined, 0],
    [Number.POSITIVE_INFINITY, undefined, MAX_TIMER_DELAY_MS],
    [2 ** 31, undefined, MAX_TIMER_DELAY_MS],
    [1e300, undefined, MAX_TIMER_DELAY_MS],
    [90_000, 60_000, 60_000],
    [90_000, 2 ** 40, 90_000],
    [2 ** 40, 2 ** 40, MAX_TIMER_DELAY_MS],
  ])('row 150: clamps %s ms (at most %s) to %s ms', (ms, maxMs, expected) => {
    expect(clampTimerDelay({ ms, ...(maxMs === undefined ? {} : { maxMs }) })).toBe(expected);
  });
});
