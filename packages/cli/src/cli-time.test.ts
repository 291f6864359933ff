import { describe, expect, it } from 'vitest';
import { cliTime } from './cli-time';

describe('cliTime', () => {
  it('prints ISO 8601 UTC to the second from ISO strings (any offset) and epoch milliseconds', () => {
    expect(cliTime('2026-01-31T18:00:00.987Z')).toBe('2026-01-31T18:00:00Z');
    expect(cliTime('2026-01-31T19:00:00+01:00')).toBe('2026-01-31T18:00:00Z');
    expect(cliTime(Date.UTC(2026, 0, 31, 18, 0, 5, 999))).toBe('2026-01-31T18:00:05Z');
  });

  it('returns text that is no time as it is, and survives out-of-range numbers', () => {
    expect(cliTime('yesterday')).toBe('yesterday');
    expect(cliTime('')).toBe('');
    expect(cliTime(Number.NaN)).toBe('NaN');
    expect(cliTime(1e300)).toBe('1e+300');
  });
});
