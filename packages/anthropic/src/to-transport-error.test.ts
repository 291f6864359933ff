import { AnthropicError, APIConnectionError, APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import { ModelTransportError } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { toTransportError } from './to-transport-error';

const apiError = (status: number, type: string, headers: Record<string, string> = {}) =>
  APIError.generate(
    status,
    { type: 'error', error: { type, message: `the ${type} message` } },
    undefined,
    new Headers({ 'request-id': 'req_42', ...headers }),
  );

describe('toTransportError', () => {
  it('maps 429 to rate_limited with the wait the API asked for', () => {
    const error = apiError(429, 'rate_limit_error', { 'retry-after': '12' });
    const mapped = toTransportError({ error });
    expect(mapped).toBeInstanceOf(ModelTransportError);
    expect(mapped).toMatchObject({
      kind: 'rate_limited',
      status: 429,
      retryAfterMs: 12_000,
      requestId: 'req_42',
    });
    expect(mapped.cause).toBe(error);
  });

  it('treats a negative or malformed retry-after as absent and names the problem', () => {
    expect(
      toTransportError({ error: apiError(429, 'rate_limit_error', { 'retry-after': '-5' }) }),
    ).toMatchObject({ kind: 'rate_limited', retryAfterMs: null, retryAfterProblem: 'negative' });
    expect(
      toTransportError({ error: apiError(529, 'overloaded_error', { 'retry-after': 'soon' }) }),
    ).toMatchObject({ kind: 'transient', retryAfterMs: null, retryAfterProblem: 'malformed' });
    expect(
      toTransportError({ error: apiError(429, 'rate_limit_error', { 'retry-after': '3' }) }),
    ).toMatchObject({
      retryAfterMs: 3000,
      retryAfterProblem: null,
    });
  });

  it('keeps retryAfterMs null on a 429 without a header', () => {
    expect(toTransportError({ error: apiError(429, 'rate_limit_error') }).retryAfterMs).toBeNull();
  });

  it.each([
    [529, 'overloaded_error'],
    [500, 'api_error'],
    [503, 'api_error'],
    [408, 'timeout_error'],
    [409, 'conflict_error'],
  ])('maps %i to transient', (status, type) => {
    expect(toTransportError({ error: apiError(status, type) })).toMatchObject({
      kind: 'transient',
      status,
      retryAfterMs: null,
      requestId: 'req_42',
    });
  });

  it('keeps the retry-after of a transient error', () => {
    const mapped = toTransportError({
      error: apiError(529, 'overloaded_error', { 'retry-after-ms': '800' }),
    });
    expect(mapped.retryAfterMs).toBe(800);
  });

  it.each([
    [400, 'invalid_request_error'],
    [401, 'authentication_error'],
    [403, 'permission_error'],
    [404, 'not_found_error'],
    [413, 'request_too_large'],
    [422, 'invalid_request_error'],
  ])('maps %i to permanent with the API message', (status, type) => {
    const mapped = toTransportError({ error: apiError(status, type, { 'retry-after': '5' }) });
    expect(mapped).toMatchObject({ kind: 'permanent', status, retryAfterMs: null, requestId: 'req_42' });
    expect(mapped.message).toBe(`Messages API error (${status} ${type}): the ${type} message`);
  });

  it('maps connection failures and timeouts to transient', () => {
    const refused = new APIConnectionError({ cause: new TypeError('fetch failed') });
    expect(toTransportError({ error: refused })).toMatchObject({
      kind: 'transient',
      status: null,
      cause: refused,
    });
    expect(toTransportError({ error: new APIConnectionTimeoutError() }).kind).toBe('transient');
  });

  it('classifies an error event inside a stream by its type', () => {
    const event = (type: string) =>
      new APIError(undefined, { type: 'error', error: { type, message: 'x' } }, undefined, new Headers());
    expect(toTransportError({ error: event('overloaded_error') }).kind).toBe('transient');
    expect(toTransportError({ error: event('rate_limit_error') }).kind).toBe('rate_limited');
    expect(toTransportError({ error: event('invalid_request_error') }).kind).toBe('permanent');
  });

  it('treats a reply cut short as transient and other failures as permanent', () => {
    const cut = new TypeError('terminated', { cause: new Error('other side closed') });
    expect(toTransportError({ error: cut }).kind).toBe('transient');
    expect(toTransportError({ error: new AnthropicError('terminated') }).kind).toBe('transient');
    const noCredentials = new Error('Could not resolve authentication method.');
    expect(toTransportError({ error: noCredentials })).toMatchObject({
      kind: 'permanent',
      cause: noCredentials,
    });
  });

  it('passes a ModelTransportError through unchanged', () => {
    const error = new ModelTransportError({ kind: 'permanent', message: 'bad schema' });
    expect(toTransportError({ error })).toBe(error);
  });
});
