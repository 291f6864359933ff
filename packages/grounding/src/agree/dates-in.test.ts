import { describe, expect, it } from 'vitest';
import { datesIn } from './dates-in';

const isos = (text: string, order?: 'day-first' | 'month-first') => datesIn(text, order).map((d) => d.iso);

describe('datesIn', () => {
  it.each([
    ['2026-03-05', '2026-03-05'],
    ['2026/3/5', '2026-03-05'],
    ['2026.03.05', '2026-03-05'],
    ['2026-03-05T10:00:00Z', '2026-03-05'],
    ['2026年3月5日', '2026-03-05'],
    ['２０２６年３月５日', '2026-03-05'],
    ['2026년 3월 5일', '2026-03-05'],
    ['5 March 2026', '2026-03-05'],
    ['5th of March, 2026', '2026-03-05'],
    ['05-Mar-2026', '2026-03-05'],
    ['05-MAR-26', '2026-03-05'],
    ['5. März 2026', '2026-03-05'],
    ['5 mars 2026', '2026-03-05'],
    ['1er mars 2026', '2026-03-01'],
    ['5 de marzo de 2026', '2026-03-05'],
    ['March 5, 2026', '2026-03-05'],
    ['Mar 5, 2026', '2026-03-05'],
    ['Mar. 5th 2026', '2026-03-05'],
    ['Sept 30, 2026', '2026-09-30'],
    ['Mar 05 2026', '2026-03-05'],
    ['5 maart 2026', '2026-03-05'],
    ['5 marzo 2026', '2026-03-05'],
    ['5 de março de 2026', '2026-03-05'],
    ['5 janv. 2026', '2026-01-05'],
    ['25-03-26', '2026-03-25'],
    ['5.3.2026', '2026-03-05'],
    ['05.03.26', '2026-03-05'],
    ['25/03/2026', '2026-03-25'],
    ['03/25/2026', '2026-03-25'],
    ['Date:\t05/05/2026', '2026-05-05'],
    ['31.12.99', '1999-12-31'],
  ])('reads %s as %s', (text, iso) => {
    expect(isos(text)).toEqual([iso]);
    expect(datesIn(text).every((reading) => !reading.ambiguous)).toBe(true);
  });

  it('lists both readings of an all-numeric date without an order, marked ambiguous', () => {
    expect(datesIn('05/03/2026')).toEqual([
      { iso: '2026-03-05', ambiguous: true },
      { iso: '2026-05-03', ambiguous: true },
    ]);
  });

  it('reads an all-numeric date by the order given', () => {
    expect(datesIn('05/03/2026', 'day-first')).toEqual([{ iso: '2026-03-05', ambiguous: false }]);
    expect(datesIn('05/03/2026', 'month-first')).toEqual([{ iso: '2026-05-03', ambiguous: false }]);
    expect(isos('5.3.2026', 'month-first')).toEqual(['2026-05-03']);
    expect(isos('25/03/2026', 'month-first')).toEqual(['2026-03-25']);
  });

  it('does not read impossible dates, or numbers that are no dates', () => {
    expect(isos('31.04.2026')).toEqual([]);
    expect(isos('2026-02-29')).toEqual([]);
    expect(isos('2024-02-29')).toEqual(['2024-02-29']);
    expect(isos('Invoice 2026-0042, total 1.234,56')).toEqual([]);
    expect(isos('13/13/2026')).toEqual([]);
  });

  it('reads every date of a longer text', () => {
    expect(isos('Issued 5 March 2026, due 2026-04-04 (30 days)')).toEqual(['2026-04-04', '2026-03-05']);
  });
});
