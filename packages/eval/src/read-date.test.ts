import { describe, expect, it } from 'vitest';
import { normaliseText } from './normalise-text';
import { readDate, sameDate } from './read-date';

const read = (text: string) => readDate(normaliseText(text));

describe('readDate', () => {
  it('reads ISO dates as calendar dates without an instant', () => {
    expect(read('2024-01-05')).toEqual({ year: 2024, month: 1, day: 5, instant: null });
  });

  it('reads ISO date-times with Z, an offset, or none (UTC)', () => {
    expect(read('2024-01-05T10:30:00Z')?.instant).toBe(Date.UTC(2024, 0, 5, 10, 30));
    expect(read('2024-01-05T10:30:00+01:00')?.instant).toBe(Date.UTC(2024, 0, 5, 9, 30));
    expect(read('2024-01-05 10:30')?.instant).toBe(Date.UTC(2024, 0, 5, 10, 30));
    expect(read('2024-01-05T10:30:00.250-0200')?.instant).toBe(Date.UTC(2024, 0, 5, 12, 30, 0, 250));
  });

  it('reads English month names before or after the day, full or short, with ordinals', () => {
    for (const text of ['January 5, 2024', 'Jan 5 2024', 'jan. 5th, 2024', '5 January 2024', '5th Jan 2024'])
      expect(read(text), text).toMatchObject({ year: 2024, month: 1, day: 5 });
    expect(read('Sept 30, 2024')).toMatchObject({ month: 9, day: 30 });
  });

  it('reads full-width digits through NFKC', () => {
    expect(read('２０２４-０１-０５')).toMatchObject({ year: 2024, month: 1, day: 5 });
  });

  it('does not read numeric day/month forms, impossible dates or other text', () => {
    for (const text of [
      '05/01/2024',
      '2024/01/05',
      '2023-02-29',
      '2024-13-01',
      '2024-01-05T24:00',
      'Foo 5, 2024',
    ])
      expect(read(text), text).toBeNull();
    expect(read('constructor 5, 2024')).toBeNull();
    expect(read('2024-02-29')).toMatchObject({ day: 29 });
    expect(read('0000-02-29')).toMatchObject({ year: 0, day: 29 });
  });

  it('compares instants when both carry a time, otherwise calendar dates as written', () => {
    const date = (text: string) => read(text)!;
    expect(sameDate(date('2024-01-05T10:00:00+01:00'), date('2024-01-05T09:00:00Z'))).toBe(true);
    expect(sameDate(date('2024-01-05T10:00:00Z'), date('2024-01-05T09:00:00Z'))).toBe(false);
    expect(sameDate(date('2024-01-05T23:30:00-05:00'), date('2024-01-05'))).toBe(true);
    expect(sameDate(date('2024-01-05'), date('2024-01-06'))).toBe(false);
  });
});
