import { afterEach, describe, expect, it } from 'vitest';
import { batchStandin, closeStandins, entries, entryParams, refusal, waitForBatch } from './batch-test-kit';
import { startStandin } from './start-standin';

afterEach(closeStandins);

describe('the limits of one batch', () => {
  it('accepts 100,000 requests and refuses 100,001 with a 400 invalid_request_error', async () => {
    const { client } = await batchStandin({ script: [], batches: { delayMs: 60 * 60 * 1000 } });
    const requests = entries(100_001);
    expect(await refusal(client.messages.batches.create({ requests }))).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'requests: List should have at most 100000 items after validation, not 100001',
    });
    const accepted = await client.messages.batches.create({ requests: requests.slice(0, 100_000) });
    expect(accepted.request_counts.processing).toBe(100_000);
  }, 60_000);

  it('refuses a body over the size limit with a 413 request_too_large, and a lower cap when configured', async () => {
    const { client } = await batchStandin({ script: [], batches: { maxBodyBytes: 2000, maxRequests: 3 } });
    expect(await refusal(client.messages.batches.create({ requests: entries(20) }))).toMatchObject({
      status: 413,
      type: 'request_too_large',
    });
    expect(await refusal(client.messages.batches.create({ requests: entries(4) }))).toMatchObject({
      status: 400,
      message: 'requests: List should have at most 3 items after validation, not 4',
    });
  });

  it('refuses a duplicate custom_id, naming both requests', async () => {
    const { standin, client } = await batchStandin({ script: [] });
    const requests = [...entries(3), { custom_id: 'e1', params: entryParams('again') }];
    expect(await refusal(client.messages.batches.create({ requests }))).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message:
        'requests.3.custom_id: "e1" is also the custom_id of requests.1; each custom_id must be unique within the batch',
    });
    expect(standin.stats.batches.created).toBe(0);
  });

  it('refuses each malformed custom_id, request list and request item, naming the field', async () => {
    const { client } = await batchStandin({ script: [] });
    const params = entryParams('x');
    const cases: [unknown, string][] = [
      [
        { requests: [{ custom_id: '', params }] },
        'requests.0.custom_id: String should have at least 1 character',
      ],
      [
        { requests: [{ custom_id: 'a'.repeat(65), params }] },
        'requests.0.custom_id: String should have at most 64 characters',
      ],
      [
        { requests: [{ custom_id: 'job 1', params }] },
        "requests.0.custom_id: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'",
      ],
      [
        { requests: [{ custom_id: 'jöb', params }] },
        "requests.0.custom_id: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'",
      ],
      [{ requests: [{ custom_id: 7, params }] }, 'requests.0.custom_id: Input should be a valid string'],
      [{ requests: [{ params }] }, 'requests.0.custom_id: Field required'],
      [{ requests: [{ custom_id: 'a' }] }, 'requests.0.params: Field required'],
      [
        { requests: [{ custom_id: 'a', params: 'hello' }] },
        'requests.0.params: Input should be a valid dictionary',
      ],
      [
        { requests: [{ custom_id: 'a', params, priority: 1 }] },
        'requests.0."priority": Extra inputs are not permitted',
      ],
      [{ requests: ['a'] }, 'requests.0: Input should be a valid dictionary'],
      [{ requests: [] }, 'requests: List should have at least 1 item after validation, not 0'],
      [{ requests: {} }, 'requests: Input should be a valid list'],
      [{}, 'requests: Field required'],
      [
        { requests: [{ custom_id: 'a', params }], metadata: {} },
        '"metadata": Extra inputs are not permitted',
      ],
    ];
    for (const [body, message] of cases)
      expect(await refusal(client.messages.batches.create(body as never))).toEqual({
        status: 400,
        type: 'invalid_request_error',
        message,
      });
  });

  it('refuses a body that is not a JSON object', async () => {
    const { standin } = await batchStandin({ script: [] });
    for (const [body, message] of [
      ['{"requests": [', /^The request body is not valid JSON: /],
      ['[1, 2]', /^The request body must be a JSON object$/],
    ] as const) {
      const response = await fetch(`${standin.url}/v1/messages/batches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'test' },
        body,
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('request-id')).toMatch(/^req_/);
      const error = (await response.json()) as { type: string; error: { type: string; message: string } };
      expect(error.type).toBe('error');
      expect(error.error.type).toBe('invalid_request_error');
      expect(error.error.message).toMatch(message);
    }
  });

  it('names every unusable batch option', async () => {
    await expect(
      startStandin({
        script: [],
        batches: {
          delayMs: -1,
          shares: { apiError: 0.6, expired: 0.6 },
          maxRequests: 100_001,
          maxBodyBytes: 256 * 1024 * 1024 + 1,
        },
      }),
    ).rejects.toMatchObject({
      name: 'InvalidStandinOptionsError',
      problems: [
        expect.stringMatching(
          /^batches: .*delayMs.*shares.*add up to more than 1.*maxRequests.*maxBodyBytes/,
        ),
      ],
    });
  });
});

describe('the memory the stand-in keeps for batches', () => {
  it('drops the oldest ended batches to make room, and refuses a batch with a 429 when the rest are in progress', async () => {
    const ended = await batchStandin({ script: () => ({ kind: 'empty' }), batches: { maxBatches: 2 } });
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) {
      const batch = await ended.client.messages.batches.create({ requests: entries(1) });
      await waitForBatch(ended.client, batch.id);
      ids.push(batch.id);
    }
    expect((await ended.client.messages.batches.list()).data.map((batch) => batch.id)).toEqual([
      ids[2],
      ids[1],
    ]);
    expect(ended.standin.stats.batches).toMatchObject({ evicted: 1, stored: 2 });

    const busy = await batchStandin({ script: [], batches: { delayMs: 60_000, maxStoredRequests: 5 } });
    await busy.client.messages.batches.create({ requests: entries(3) });
    expect(await refusal(busy.client.messages.batches.create({ requests: entries(3) }))).toEqual({
      status: 429,
      type: 'rate_limit_error',
      message: 'The stand-in keeps at most 5 batch requests; 3 are kept and this batch has 3',
    });
    expect(busy.standin.stats.batches).toMatchObject({
      refused: 1,
      created: 1,
      inProgress: 1,
      storedRequests: 3,
    });
  });
});
