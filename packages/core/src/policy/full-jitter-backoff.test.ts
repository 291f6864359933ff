import { describe, expect, it } from 'vitest';
import { fullJitterBackoff } from './full-jitter-backoff';

describe('fullJitterBackoff', () => {
  it('draws uniformly below an exponentially growing ceiling', () => {
    const at = (attempt: number, unit: number) =>
      fullJitterBackoff({ attempt, baseMs: 100, capMs: 10_000, random: () => unit });
    expect([1, 2, 3, 4].map((attempt) => at(attempt, 0.5))).toEqual([50, 100, 200, 400]);
    expect(at(3, 0)).toBe(0);
  });

  it('caps the ceiling, also for huge attempt numbers', () => {
    expect(fullJitterBackoff({ attempt: 40, baseMs: 100, capMs: 1000, random: () => 0.5 })).toBe(500);
    expect(fullJitterBackoff({ attempt: 5000, baseMs: 100, capMs: 1000, random: () => 0.5 })).toBe(500);
  });

  it('stays within [0, cap) with the default random source', () => {
    for (let i = 0; i < 100; i++) {
      const delay = fullJitterBackoff({ attempt: 10, baseMs: 10, capMs: 50 });
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(50);
    }
  });
});
