import Anthropic, { RateLimitError } from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { type Standin, startStandin } from './start-standin';
import { corpus, invoiceRequest } from './test-corpus';

let standin: Standin | undefined;
afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

const sdk = (url: string, apiKey = 'key-a') => new Anthropic({ apiKey, baseURL: url, maxRetries: 0 });

describe('rate limits', () => {
  it('sends the rate-limit headers on every answer and refuses past the limit with 429 and retry-after', async () => {
    standin = await startStandin({
      simulate: { corpus },
      rateLimits: { requestsPerMinute: 2, inputTokensPerMinute: 100_000, outputTokensPerMinute: 10_000 },
    });
    const client = sdk(standin.url);
    const first = await client.messages.create(invoiceRequest({ maxTokens: 4000 })).withResponse();
    const headers = first.response.headers;
    expect(headers.get('anthropic-ratelimit-requests-limit')).toBe('2');
    expect(headers.get('anthropic-ratelimit-requests-remaining')).toBe('1');
    expect(headers.get('anthropic-ratelimit-input-tokens-limit')).toBe('100000');
    expect(headers.get('anthropic-ratelimit-output-tokens-limit')).toBe('10000');
    // The 4000 reserved came back down to the tokens used: about 10 000 remain, rounded to the thousand.
    expect(headers.get('anthropic-ratelimit-output-tokens-remaining')).toBe('10000');
    const reset = Date.parse(headers.get('anthropic-ratelimit-requests-reset') ?? '');
    expect(reset).toBeGreaterThan(Date.now());
    expect(reset).toBeLessThanOrEqual(Date.now() + 31_000);

    await client.messages.create(invoiceRequest({}));
    const refused = await client.messages.create(invoiceRequest({})).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitError);
    const error = refused as RateLimitError;
    expect(error.type).toBe('rate_limit_error');
    expect(Number(error.headers?.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(error.headers?.get('retry-after'))).toBeLessThanOrEqual(30);
    expect(error.headers?.get('anthropic-ratelimit-requests-remaining')).toBe('0');
    expect(standin.stats.byStatus).toMatchObject({ '200': 2, '429': 1 });
  });

  it('refuses a request whose max_tokens the output bucket cannot cover, and keeps a budget per API key', async () => {
    standin = await startStandin({ simulate: { corpus }, rateLimits: { outputTokensPerMinute: 5000 } });
    await sdk(standin.url).messages.create(invoiceRequest({ maxTokens: 5000 }));
    // About 4800 of the 5000 came back once the answer was known: 4000 more fit, 4900 do not.
    await sdk(standin.url).messages.create(invoiceRequest({ maxTokens: 4000 }));
    const refused = await sdk(standin.url)
      .messages.create(invoiceRequest({ maxTokens: 4900 }))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitError);
    const other = await sdk(standin.url, 'key-b')
      .messages.create(invoiceRequest({ maxTokens: 5000 }))
      .withResponse();
    expect(other.response.headers.get('anthropic-ratelimit-requests-limit')).toBeNull();
    expect(other.response.headers.get('anthropic-ratelimit-output-tokens-limit')).toBe('5000');
  });
});
