import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import {
  batchResults,
  batchStandin,
  closeStandins,
  entries,
  entryParams,
  refusal,
  waitForBatch,
} from './batch-test-kit';

afterEach(closeStandins);

describe('batch requests the stand-in refuses', () => {
  it('answers 401 on every batch route to a request with another key', async () => {
    const { standin } = await batchStandin({ script: [], apiKey: 'right' });
    const wrong = new Anthropic({ apiKey: 'wrong', baseURL: standin.url, maxRetries: 0 });
    for (const call of [
      () => wrong.messages.batches.create({ requests: entries(1) }),
      () => wrong.messages.batches.list(),
      () => wrong.messages.batches.retrieve('msgbatch_x'),
      () => wrong.messages.batches.cancel('msgbatch_x'),
      () => wrong.messages.batches.delete('msgbatch_x'),
    ])
      await expect(call()).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
    expect(standin.stats.batches.created).toBe(0);
  });

  it('answers 404 not_found_error for a batch it does not keep, and for methods it does not serve', async () => {
    const { standin, client } = await batchStandin({ script: [] });
    for (const call of [
      () => client.messages.batches.retrieve('msgbatch_unknown'),
      () => client.messages.batches.cancel('msgbatch_unknown'),
      () => client.messages.batches.delete('msgbatch_unknown'),
      () => client.messages.batches.results('msgbatch_unknown'),
    ])
      await expect(call()).rejects.toBeInstanceOf(Anthropic.NotFoundError);
    const put = await fetch(`${standin.url}/v1/messages/batches`, {
      method: 'PUT',
      headers: { 'x-api-key': 'test' },
    });
    expect(put.status).toBe(404);
    expect(await put.json()).toMatchObject({ error: { type: 'not_found_error' } });
  });

  it('refuses to cancel an ended batch, and to delete or serve the results of one still processing', async () => {
    const { standin, client } = await batchStandin({
      script: () => ({ kind: 'empty' }),
      batches: { delayMs: 60_000 },
    });
    const waiting = await client.messages.batches.create({ requests: entries(1) });
    expect(await refusal(client.messages.batches.delete(waiting.id))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/is still processing; cancel it/),
    });
    const results = await fetch(`${standin.url}/v1/messages/batches/${waiting.id}/results`, {
      headers: { 'x-api-key': 'test' },
    });
    expect(results.status).toBe(400);
    expect(await results.json()).toMatchObject({
      error: { message: expect.stringMatching(/results are available once it has ended/) },
    });
    await expect(client.messages.batches.results(waiting.id)).rejects.toThrow(/No batch `results_url`/);
    await client.messages.batches.cancel(waiting.id);
    await waitForBatch(client, waiting.id);
    expect(await refusal(client.messages.batches.cancel(waiting.id))).toMatchObject({
      status: 400,
      type: 'invalid_request_error',
      message: expect.stringMatching(/has ended and cannot be canceled/),
    });
  });

  it('refuses each malformed list query, naming the parameter', async () => {
    const { client } = await batchStandin({ script: [] });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ limit: 0 }, /^limit: Input should be from 1 to 1000, not 0$/],
      [{ limit: 1001 }, /^limit: Input should be from 1 to 1000, not 1001$/],
      [{ limit: 'ten' }, /^limit: Input should be a valid integer/],
      [{ limit: 1.5 }, /^limit: Input should be a valid integer/],
      [{ limit: -1 }, /^limit: Input should be a valid integer/],
      [{ before_id: 'msgbatch_a', after_id: 'msgbatch_b' }, /^before_id and after_id cannot both be given$/],
      [{ after_id: 'msgbatch_unknown' }, /^after_id: "msgbatch_unknown" is not the id of a message batch/],
      [{ before_id: '' }, /^before_id: "" is not the id/],
    ];
    for (const [query, message] of cases)
      expect(await refusal(client.messages.batches.list(query as never))).toMatchObject({
        status: 400,
        type: 'invalid_request_error',
        message: expect.stringMatching(message),
      });
  });
});

describe('entries the stand-in ends errored', () => {
  it('gives errored entries the API error shape, with a request id', async () => {
    const { client } = await batchStandin({
      script: [{ kind: 'error', status: 529 }],
      batches: { shares: { apiError: 0 } },
    });
    const batch = await client.messages.batches.create({
      requests: [
        { custom_id: 'scripted', params: entryParams('one') },
        { custom_id: 'no-tokens', params: { ...entryParams('two'), max_tokens: 0 } },
        { custom_id: 'streamed', params: { ...entryParams('three'), stream: true } as never },
      ],
    });
    await waitForBatch(client, batch.id);
    const { byId } = await batchResults(client, batch.id);
    expect(Object.fromEntries(byId)).toEqual({
      scripted: {
        type: 'errored',
        error: {
          type: 'error',
          error: { type: 'overloaded_error', message: 'Overloaded' },
          request_id: expect.stringMatching(/^req_/),
        },
      },
      'no-tokens': {
        type: 'errored',
        error: {
          type: 'error',
          error: {
            type: 'invalid_request_error',
            message: 'max_tokens: Input should be greater than or equal to 1',
          },
          request_id: expect.stringMatching(/^req_/),
        },
      },
      streamed: {
        type: 'errored',
        error: {
          type: 'error',
          error: {
            type: 'invalid_request_error',
            message: expect.stringMatching(/^stream: .*cannot be streamed/),
          },
          request_id: expect.stringMatching(/^req_/),
        },
      },
    });
  });
});
