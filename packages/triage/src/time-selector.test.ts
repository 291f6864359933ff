import { describe, expect, it } from 'vitest';
import { parseDuration, parseTimeSelector } from './time-selector';

const now = Date.parse('2025-06-10T12:00:00Z');

describe('parseDuration', () => {
  it('reads single and compound durations', () => {
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(parseDuration('1d12h')).toBe(129_600_000);
    expect(parseDuration('1.5m')).toBe(90_000);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('1w')).toBe(604_800_000);
  });

  it('refuses anything else', () => {
    for (const text of ['', '2', 'h', '2 hours', '-2h', '2y', '2h-']) expect(parseDuration(text)).toBeNull();
  });
});

describe('parseTimeSelector', () => {
  it('counts durations back from now', () => {
    expect(parseTimeSelector('2h', now)?.toISOString()).toBe('2025-06-10T10:00:00.000Z');
  });

  it('takes ISO dates and date-times as written', () => {
    expect(parseTimeSelector('2025-06-01', now)?.toISOString()).toBe('2025-06-01T00:00:00.000Z');
    expect(parseTimeSelector('2025-06-01T08:30:00+02:00', now)?.toISOString()).toBe(
      '2025-06-01T06:30:00.000Z',
    );
  });

  it('returns null for text that is neither', () => {
    expect(parseTimeSelector('yesterday', now)).toBeNull();
    expect(parseTimeSelector('2025-13-01', now)).toBeNull();
  });
});
