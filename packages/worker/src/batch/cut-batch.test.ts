import { describe, expect, it } from 'vitest';
import { cutBatch } from './cut-batch';

describe('cutBatch', () => {
  it('keeps the entries that fit the byte limit, envelope and commas included', () => {
    // 16 envelope + 100 + 1 + 100 = 217: two fit in 217 bytes, not in 216.
    expect(cutBatch({ sizes: [100, 100, 100], maxBytes: 217, maxRequests: 10 })).toBe(2);
    expect(cutBatch({ sizes: [100, 100, 100], maxBytes: 216, maxRequests: 10 })).toBe(1);
  });

  it('stops at the request limit and takes nothing when the first entry alone is too big', () => {
    expect(cutBatch({ sizes: [1, 1, 1], maxBytes: 1000, maxRequests: 2 })).toBe(2);
    expect(cutBatch({ sizes: [5000], maxBytes: 1000, maxRequests: 2 })).toBe(0);
  });
});
