import { describe, expect, it } from 'vitest';
import { breakEvenFailureRate, type CachePlacementOptions, decideCachePlacement } from './cache-placement';

const prices = { input: 1, cacheWrite5m: 1.25, cacheRead: 0.1 };
const base: CachePlacementOptions = {
  attempt: 1,
  maxAttempts: 3,
  history: { firstAttempts: 100, firstAttemptFailures: 50 },
  sharedPrefixTokens: 2000,
  documentTokens: 1500,
  minCacheableTokens: 1024,
  prices,
};
const withRate = (failures: number) => ({
  ...base,
  history: { firstAttempts: 100, firstAttemptFailures: failures },
});

describe('decideCachePlacement', () => {
  it('breaks even at a failure rate of 0.25 / 0.9 with 1.25× writes and 0.1× reads', () => {
    expect(breakEvenFailureRate(prices)).toBeCloseTo(0.2778, 4);
    expect(breakEvenFailureRate(null)).toBeCloseTo(0.2778, 4);
    expect(breakEvenFailureRate({ input: 2, cacheWrite5m: 4, cacheRead: 0.2 })).toBeCloseTo(1 / 0.9, 4);
  });

  it('caches the document on a first attempt when first attempts fail at or above break-even', () => {
    expect(decideCachePlacement(withRate(28)).document).toEqual({ place: true, reason: 'retry_likely' });
    expect(decideCachePlacement(withRate(80)).document).toEqual({ place: true, reason: 'retry_likely' });
  });

  it('sends the document uncached on a first attempt when first attempts fail below break-even', () => {
    expect(decideCachePlacement(withRate(27)).document).toEqual({ place: false, reason: 'retry_unlikely' });
    expect(decideCachePlacement(withRate(10)).document).toEqual({ place: false, reason: 'retry_unlikely' });
  });

  it('caches the document while fewer first attempts than minSamples are known', () => {
    const few = { ...base, history: { firstAttempts: 19, firstAttemptFailures: 0 } };
    expect(decideCachePlacement(few).document).toEqual({ place: true, reason: 'no_history' });
    expect(decideCachePlacement({ ...base, history: null }).document.reason).toBe('no_history');
    expect(
      decideCachePlacement({ ...few, history: { firstAttempts: 20, firstAttemptFailures: 0 } }).document,
    ).toEqual({ place: false, reason: 'retry_unlikely' });
  });

  it('caches the document on every retry that can have a successor, whatever the rate', () => {
    expect(decideCachePlacement({ ...withRate(0), attempt: 2, maxAttempts: 4 }).document).toEqual({
      place: true,
      reason: 'retry_under_way',
    });
  });

  it('on the last attempt, reads the document only when an earlier attempt wrote it', () => {
    expect(decideCachePlacement({ ...withRate(0), attempt: 3 }).document).toEqual({
      place: true,
      reason: 'reads_earlier_write',
    });
    expect(decideCachePlacement({ ...withRate(80), attempt: 2, maxAttempts: 2 }).document.reason).toBe(
      'reads_earlier_write',
    );
    expect(decideCachePlacement({ ...withRate(0), attempt: 2, maxAttempts: 2 }).document).toEqual({
      place: false,
      reason: 'no_retry_left',
    });
    expect(decideCachePlacement({ ...withRate(90), maxAttempts: 1 }).document.reason).toBe('no_retry_left');
  });

  it('places the shared breakpoint only from the minimum cacheable length on', () => {
    expect(decideCachePlacement({ ...base, sharedPrefixTokens: 1024 }).shared).toEqual({
      place: true,
      reason: 'shared_prefix',
    });
    expect(decideCachePlacement({ ...base, sharedPrefixTokens: 1023 }).shared).toEqual({
      place: false,
      reason: 'below_minimum',
    });
  });

  it('places no document breakpoint when the prefix through the document is below the minimum', () => {
    const short = { ...withRate(90), sharedPrefixTokens: 600, documentTokens: 423 };
    expect(decideCachePlacement(short)).toEqual({
      shared: { place: false, reason: 'below_minimum' },
      document: { place: false, reason: 'below_minimum' },
    });
    expect(decideCachePlacement({ ...short, documentTokens: 424 }).document.place).toBe(true);
    expect(decideCachePlacement({ ...short, attempt: 2 }).document.reason).toBe('below_minimum');
  });

  it('keeps the former placement under policy after_document: the document only, always', () => {
    expect(
      decideCachePlacement({ ...withRate(0), sharedPrefixTokens: 10, policy: 'after_document' }),
    ).toEqual({
      shared: { place: false, reason: 'policy' },
      document: { place: true, reason: 'policy' },
    });
  });
});
