import { describe, expect, it } from 'vitest';
import { webhookBackoffDelay } from './webhook-env';

describe('webhookBackoffDelay', () => {
  const base = { baseMs: 1000, capMs: 8000 };

  it('doubles from the base per try, jittered over the upper half, up to the cap', () => {
    const at = (attemptsMade: number, random: number) =>
      webhookBackoffDelay({ ...base, attemptsMade, random: () => random });
    expect([1, 2, 3, 4, 5, 10].map((n) => at(n, 0))).toEqual([500, 1000, 2000, 4000, 4000, 4000]);
    expect([1, 2, 3, 4, 5, 10].map((n) => at(n, 1))).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(at(3, 0.5)).toBe(3000);
  });

  it('clamps a random value outside 0..1 and a try count below 1 or absurdly high', () => {
    const at = (attemptsMade: number, random: number) =>
      webhookBackoffDelay({ ...base, attemptsMade, random: () => random });
    expect(at(2, -5)).toBe(1000);
    expect(at(2, 7)).toBe(2000);
    expect(at(0, 1)).toBe(1000);
    expect(at(-3, 1)).toBe(1000);
    expect(at(1e9, 1)).toBe(8000);
    expect(
      Number.isFinite(webhookBackoffDelay({ attemptsMade: 1e9, baseMs: 30_000, capMs: 4 * 3_600_000 })),
    ).toBe(true);
  });

  it('spreads retries: many deliveries at the same try get different delays within the bounds', () => {
    const delays = Array.from({ length: 200 }, () => webhookBackoffDelay({ ...base, attemptsMade: 3 }));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(2000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(4000);
    expect(new Set(delays).size).toBeGreaterThan(50);
  });
});
