import { describe, expect, it } from 'vitest';
import { deadlineAt, deadlineFlag } from './deadline-flag';

describe('--deadline', () => {
  it('reads a duration and turns it into a time when asked, counted from then', () => {
    const deadline = deadlineFlag.parse('90m');
    expect(deadline).toEqual({ kind: 'in', ms: 90 * 60_000 });
    expect(deadlineAt({ deadline, nowMs: Date.parse('2030-01-01T00:00:00Z') })).toBe(
      '2030-01-01T01:30:00.000Z',
    );
    expect(deadlineFlag.parse('6h')).toEqual({ kind: 'in', ms: 6 * 3_600_000 });
    expect(deadlineFlag.parse('2d')).toEqual({ kind: 'in', ms: 2 * 86_400_000 });
  });

  it('keeps an ISO time with its offset as the same instant', () => {
    const year = new Date().getUTCFullYear() + 1;
    const deadline = deadlineFlag.parse(`${year}-01-01T01:00:00+01:00`);
    expect(deadlineAt({ deadline, nowMs: 0 })).toBe(`${year}-01-01T00:00:00.000Z`);
  });

  it('refuses a time in the past, an unbounded duration and anything else, naming the problem', () => {
    const problem = (text: string) => deadlineFlag.safeParse(text).error?.issues[0]?.message;
    expect(problem('2020-01-01T00:00:00Z')).toBe('is in the past');
    expect(problem('0h')).toBe('must be a duration above zero and at most 365d');
    expect(problem('366d')).toBe('must be a duration above zero and at most 365d');
    expect(problem('2999-01-01T00:00:00Z')).toBe('is more than 365 days ahead');
    for (const bad of [
      'tomorrow',
      '6 hours',
      '-1h',
      '1.5h',
      '2030-01-31',
      '2030-01-31T18:00:00',
      '',
      '2030-13-01T00:00:00Z',
    ]) {
      expect(problem(bad)).toBe(
        'must be an ISO 8601 date and time (2026-01-31T18:00:00Z) or a duration (90m, 6h, 2d)',
      );
    }
  });
});
