import { describe, expect, it } from 'vitest';
import { ageLabel, costLabel, workflowLabel } from './dlq-labels';

describe('ageLabel', () => {
  const now = Date.parse('2025-06-10T12:00:00.000Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('names the largest whole unit: seconds, minutes, hours, days', () => {
    expect([0, 59, 60, 3599, 3600, 86_399, 86_400, 10 * 86_400].map((s) => ageLabel(ago(s), now))).toEqual([
      '0s',
      '59s',
      '1m',
      '59m',
      '1h',
      '23h',
      '1d',
      '10d',
    ]);
  });

  it('says 0s for a time in the future (clock skew)', () => {
    expect(ageLabel(ago(-30), now)).toBe('0s');
  });
});

describe('costLabel', () => {
  it('shows dollars to four decimals, or ? when unknown', () => {
    expect(costLabel(0.012345)).toBe('$0.0123');
    expect(costLabel(0)).toBe('$0.0000');
    expect(costLabel(null)).toBe('?');
  });
});

describe('workflowLabel', () => {
  it('joins workflow and version, marking what is unknown', () => {
    expect(workflowLabel('invoice', 2)).toBe('invoice@v2');
    expect(workflowLabel('invoice', null)).toBe('invoice@v?');
    expect(workflowLabel('invoice', undefined)).toBe('invoice@v?');
    expect(workflowLabel('', 1)).toBe('(none)@v1');
  });
});
