import { describe, expect, it } from 'vitest';
import { readRateLimitHeaders } from './read-rate-limit-headers';

const now = Date.parse('2026-11-24T10:00:00Z');

describe('readRateLimitHeaders', () => {
  it('reads limit, remaining and reset of each dimension, and retry-after', () => {
    const headers = new Headers({
      'anthropic-ratelimit-requests-limit': '600',
      'anthropic-ratelimit-requests-remaining': '598',
      'anthropic-ratelimit-requests-reset': '2026-11-24T10:00:00.200Z',
      'anthropic-ratelimit-input-tokens-limit': '200000',
      'anthropic-ratelimit-input-tokens-remaining': '150000',
      'anthropic-ratelimit-input-tokens-reset': '2026-11-24T10:00:15+00:00',
      'anthropic-ratelimit-output-tokens-limit': '80000',
      'anthropic-ratelimit-output-tokens-remaining': '80000',
      'anthropic-ratelimit-output-tokens-reset': '2026-11-24T10:00:00Z',
      'retry-after': '3',
    });
    expect(readRateLimitHeaders({ headers, now })).toEqual({
      requests: { limit: 600, remaining: 598, resetAt: now + 200 },
      inputTokens: { limit: 200_000, remaining: 150_000, resetAt: now + 15_000 },
      outputTokens: { limit: 80_000, remaining: 80_000, resetAt: now },
      retryAfterMs: 3000,
      ignored: [],
    });
  });

  it('row 119: rate-limit headers that are not whole numbers -> treats malformed, negative, zero-limit, huge and far-off values as absent and names their headers', () => {
    const headers = new Headers({
      'anthropic-ratelimit-requests-limit': '0',
      'anthropic-ratelimit-requests-remaining': '-4',
      'anthropic-ratelimit-requests-reset': 'soon',
      'anthropic-ratelimit-input-tokens-limit': '99999999999',
      'anthropic-ratelimit-input-tokens-remaining': '1e5',
      'anthropic-ratelimit-input-tokens-reset': '2026-11-25T10:00:00Z',
      'retry-after': 'later',
    });
    const reading = readRateLimitHeaders({ headers, now });
    expect(reading).toMatchObject({
      requests: { limit: null, remaining: null, resetAt: null },
      inputTokens: { limit: null, remaining: null, resetAt: null },
      outputTokens: { limit: null, remaining: null, resetAt: null },
      retryAfterMs: null,
    });
    expect(reading?.ignored).toEqual([
      'anthropic-ratelimit-requests-limit',
      'anthropic-ratelimit-requests-remaining',
      'anthropic-ratelimit-requests-reset',
      'anthropic-ratelimit-input-tokens-limit',
      'anthropic-ratelimit-input-tokens-remaining',
      'anthropic-ratelimit-input-tokens-reset',
      'retry-after',
    ]);
  });

  it('is null when the response carried no rate-limit header', () => {
    expect(
      readRateLimitHeaders({ headers: new Headers({ 'content-type': 'application/json' }), now }),
    ).toBeNull();
    expect(readRateLimitHeaders({ headers: undefined, now })).toBeNull();
  });
});
