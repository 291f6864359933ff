import { describe, expect, it } from 'vitest';
import { documentTokenEstimate, documentTokenFigures } from './document-token-estimate';

describe('documentTokenEstimate', () => {
  it('counts each PDF page its text at four characters a token, within 1,500 to 3,000, plus 1,600 for its image', () => {
    expect(documentTokenEstimate({ kind: 'pdf', pages: 3, pageTextChars: [8_000, 100, 40_000] })).toBe(
      2_000 + 1_600 + (1_500 + 1_600) + (3_000 + 1_600),
    );
  });

  it('counts a PDF without a text layer at the least text a page costs, and a 10-page PDF ten times a page', () => {
    expect(documentTokenEstimate({ kind: 'pdf', pages: 2, pageTextChars: null })).toBe(2 * 3_100);
    const page = documentTokenEstimate({ kind: 'pdf', pages: 1, pageTextChars: [6_000] });
    const tenPages = documentTokenEstimate({
      kind: 'pdf',
      pages: 10,
      pageTextChars: Array.from({ length: 10 }, () => 6_000),
    });
    expect(tenPages).toBe(10 * page);
  });

  it('counts a page the text layer lacks (more pages than lengths) as one without text', () => {
    expect(documentTokenEstimate({ kind: 'pdf', pages: 2, pageTextChars: [12_000] })).toBe(
      3_000 + 1_600 + 3_100,
    );
  });

  it('counts an image width × height / 750 tokens, at most 1,600, and the ceiling when its size is unknown', () => {
    expect(documentTokenEstimate({ kind: 'image', size: { width: 200, height: 200 } })).toBe(54);
    expect(documentTokenEstimate({ kind: 'image', size: { width: 1000, height: 1000 } })).toBe(1_334);
    expect(documentTokenEstimate({ kind: 'image', size: { width: 4000, height: 3000 } })).toBe(1_600);
    expect(documentTokenEstimate({ kind: 'image', size: null })).toBe(documentTokenFigures.imageMax);
  });

  it('counts nothing for a PDF of no pages', () => {
    expect(documentTokenEstimate({ kind: 'pdf', pages: 0, pageTextChars: null })).toBe(0);
  });
});
