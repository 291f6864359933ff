import { describe, expect, it } from 'vitest';
import { documentLimits } from './document-limits';

describe('documentLimits', () => {
  it('fills in the platform defaults', () => {
    expect(documentLimits({ maxPages: 20 })).toEqual({
      maxPdfBytes: 32_000_000,
      maxImageBytes: 3_932_160,
      maxPages: 20,
      maxImageDimension: 8000,
      maxDecodedBytes: 536_870_912,
      maxTextChars: 1_000_000,
      timeoutMs: 15_000,
    });
  });

  it('refuses a limit that is not a positive whole number, naming it', () => {
    expect(() => documentLimits({ maxPages: 0 })).toThrow(/maxPages/);
    expect(() => documentLimits({ maxImageDimension: 1.5 })).toThrow(/maxImageDimension/);
    expect(() => documentLimits({ timeoutMs: Number.POSITIVE_INFINITY })).toThrow(/timeoutMs/);
  });
});
