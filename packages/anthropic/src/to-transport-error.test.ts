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
    expect(mapped.cause).toBeUndefined();
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
    expect(mapped.message).toBe(
      `Messages API error (${status} ${type}, request req_42): the ${type} message`,
    );
  });

  it('maps connection failures and timeouts to transient', () => {
    const refused = new APIConnectionError({ cause: new TypeError('fetch failed') });
    expect(toTransportError({ error: refused })).toMatchObject({ kind: 'transient', status: null });
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
      message: 'The Messages API call could not be made: Could not resolve authentication method.',
    });
  });

  it('passes a ModelTransportError through unchanged', () => {
    const error = new ModelTransportError({ kind: 'permanent', message: 'bad schema' });
    expect(toTransportError({ error })).toBe(error);
  });

  describe('never repeats the body, the request or a secret', () => {
    const DOCUMENT = 'Payslip of Jane Roe: vault combination PLUTO-7731, net 4,210.00 EUR';
    const KEY = 'sk-ant-api03-TRANSPORT-key-0042';
    const body = (message: unknown, extra: Record<string, unknown> = {}) => ({
      type: 'error',
      error: { type: 'invalid_request_error', message },
      ...extra,
    });

    it('withholds an echo of the request in the API message, and leaves out the rest of the body', () => {
      const request = JSON.stringify({ messages: [{ role: 'user', content: DOCUMENT }] });
      const error = APIError.generate(
        400,
        body(`Could not parse ${request}`, { request: { document: DOCUMENT } }),
        undefined,
        new Headers({ 'request-id': 'req_echo' }),
      );
      const mapped = toTransportError({ error, requestTexts: [DOCUMENT] });
      expect(mapped.message).toBe(
        'Messages API error (400 invalid_request_error, request req_echo): Could not parse {"messages":[{"role":"user","content":"[request text withheld]"}]}',
      );
      expect(mapped).toMatchObject({ kind: 'permanent', status: 400, requestId: 'req_echo' });
      expect(JSON.stringify({ ...mapped, message: mapped.message })).not.toMatch(/PLUTO|Jane/);
    });

    it('removes the API key the call was made with, in any form', () => {
      const plain = 'corp-proxy-key-9d8e7f';
      const error = APIError.generate(
        401,
        body(`invalid x-api-key "${plain}"; expected a key like ${KEY}`),
        undefined,
        new Headers({ 'request-id': 'req_key' }),
      );
      const mapped = toTransportError({ error, secrets: [plain] });
      expect(mapped.message).toBe(
        'Messages API error (401 invalid_request_error, request req_key): invalid x-api-key "[redacted]"; expected a key like sk-ant-[redacted]',
      );
    });

    it('shows nothing of a body that is not an API error object', () => {
      const html = `<html><body>502 Bad Gateway while sending ${DOCUMENT}</body></html>`;
      const error = APIError.generate(502, undefined, html, new Headers({ 'request-id': 'req_gw' }));
      expect(error.message).toContain('PLUTO-7731');
      const mapped = toTransportError({ error });
      expect(mapped.message).toBe(
        'Messages API error (502, request req_gw): the reply held no error message',
      );
      expect(mapped.kind).toBe('transient');
    });

    it('caps the message and removes control characters', () => {
      const error = APIError.generate(
        500,
        body(`boom\u001b[2J\u0007 ${'x'.repeat(1000)}`),
        undefined,
        new Headers(),
      );
      const said = toTransportError({ error }).message.replace(
        'Messages API error (500 invalid_request_error): ',
        '',
      );
      expect(said.startsWith('boom [2J x')).toBe(true);
      expect([...said]).toHaveLength(200);
    });

    it('row 46: an error type or request id holding control characters or document text -> leaves out an error type or request id that is not shaped like one', () => {
      const error = APIError.generate(
        400,
        { type: 'error', error: { type: `evil\u001b]0;${DOCUMENT}`, message: 'no' } },
        undefined,
        new Headers({ 'request-id': `req id ${DOCUMENT}` }),
      );
      const mapped = toTransportError({ error });
      expect(mapped.message).toBe('Messages API error (400): no');
      expect(mapped.requestId).toBeNull();
    });

    it('treats an unreadable streamed event as transient without quoting it', () => {
      let syntax: unknown;
      try {
        JSON.parse(`{"delta": "${DOCUMENT}`);
      } catch (error) {
        syntax = error;
      }
      const mapped = toTransportError({ error: syntax });
      expect(mapped).toMatchObject({ kind: 'transient' });
      expect(mapped.message).not.toContain('PLUTO');
    });
  });
});
