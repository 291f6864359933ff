import { describe, expect, it } from 'vitest';
import { provenanceByPage } from './provenance-by-page';

describe('provenanceByPage', () => {
  it('names the page each quote starts on, with offsets in that page', () => {
    const pages = ['Invoice INV-7', 'Total 42.00'];
    const joined = pages.join('\n\n');
    const at = (quote: string) => ({
      start: joined.indexOf(quote),
      end: joined.indexOf(quote) + quote.length,
      quote,
      match: 'exact' as const,
    });
    const paged = provenanceByPage({ number: at('INV-7'), total: at('42.00') }, [
      0,
      (pages[0] ?? '').length + 2,
    ]);
    expect(paged).toEqual({
      number: { start: 8, end: 13, quote: 'INV-7', match: 'exact', page: 1 },
      total: { start: 6, end: 11, quote: '42.00', match: 'exact', page: 2 },
    });
    expect(pages[1]?.slice(paged.total?.start, paged.total?.end)).toBe('42.00');
  });
});
