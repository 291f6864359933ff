import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { batchResults, batchStandin, closeStandins, entries, waitForBatch } from './batch-test-kit';

afterEach(closeStandins);

async function fiveBatches() {
  const kit = await batchStandin({ script: () => ({ kind: 'empty' }) });
  const ids: string[] = [];
  for (let index = 0; index < 5; index++)
    ids.push((await kit.client.messages.batches.create({ requests: entries(1) })).id);
  return { ...kit, newestFirst: ids.reverse() };
}

describe('listing batches', () => {
  it('pages newest first with has_more, first_id and last_id, forwards with after_id', async () => {
    const { client, newestFirst } = await fiveBatches();
    const page = await client.messages.batches.list({ limit: 2 });
    expect(page.data.map((batch) => batch.id)).toEqual(newestFirst.slice(0, 2));
    expect(page).toMatchObject({ has_more: true, first_id: newestFirst[0], last_id: newestFirst[1] });
    const next = await page.getNextPage();
    expect(next.data.map((batch) => batch.id)).toEqual(newestFirst.slice(2, 4));
    const last = await next.getNextPage();
    expect(last.data.map((batch) => batch.id)).toEqual(newestFirst.slice(4));
    expect(last.has_more).toBe(false);
    expect(last.hasNextPage()).toBe(false);
    const all: string[] = [];
    for await (const batch of client.messages.batches.list({ limit: 2 })) all.push(batch.id);
    expect(all).toEqual(newestFirst);
    expect((await client.messages.batches.list()).data).toHaveLength(5);
  });

  it('pages backwards with before_id: the batches just newer than the cursor', async () => {
    const { client, newestFirst } = await fiveBatches();
    const [b5, b4, b3, b2] = newestFirst;
    const page = await client.messages.batches.list({ before_id: b2, limit: 2 });
    expect(page.data.map((batch) => batch.id)).toEqual([b4, b3]);
    expect(page).toMatchObject({ has_more: true, first_id: b4, last_id: b3 });
    const newer = await page.getNextPage();
    expect(newer.data.map((batch) => batch.id)).toEqual([b5]);
    expect(newer.has_more).toBe(false);
    const empty = await client.messages.batches.list({ before_id: b5 });
    expect(empty).toMatchObject({ data: [], has_more: false, first_id: null, last_id: null });
  });

  it('keeps a deleted batch usable as a cursor', async () => {
    const { client, newestFirst } = await fiveBatches();
    const [, , b3, b2, b1] = newestFirst;
    await waitForBatch(client, b3 ?? '');
    await client.messages.batches.delete(b3 ?? '');
    const page = await client.messages.batches.list({ after_id: b3 });
    expect(page.data.map((batch) => batch.id)).toEqual([b2, b1]);
  });
});

describe('a create whose response never reaches the client', () => {
  it('leaves a batch that is listed and processed although the client saw a connection error', async () => {
    const { standin, client } = await batchStandin({ script: () => ({ kind: 'empty' }) });
    expect(standin.dropNextBatchCreateResponses(1)).toBe(1);
    await expect(client.messages.batches.create({ requests: entries(2) })).rejects.toBeInstanceOf(
      Anthropic.APIConnectionError,
    );
    const listed = (await client.messages.batches.list()).data;
    expect(listed).toHaveLength(1);
    const ended = await waitForBatch(client, listed[0]?.id ?? '');
    expect(ended.request_counts.succeeded).toBe(2);
    expect((await batchResults(client, ended.id)).lines).toHaveLength(2);
    expect(standin.stats.batches).toMatchObject({ created: 1, droppedCreateResponses: 1 });
    const answered = await client.messages.batches.create({ requests: entries(1) });
    expect(answered.processing_status).toBe('in_progress');
  });

  it('makes a client that retries the create pay for a second batch', async () => {
    const { standin, client } = await batchStandin({ script: () => ({ kind: 'empty' }) }, { maxRetries: 1 });
    standin.dropNextBatchCreateResponses(1);
    const seen = await client.messages.batches.create({ requests: entries(1) });
    const listed = (await client.messages.batches.list()).data.map((batch) => batch.id);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toBe(seen.id);
  });

  it('is armed through POST /_standin/batches/drop-create-responses, which names a bad count', async () => {
    const { standin, client } = await batchStandin({ script: [] });
    const arm = (body: string) =>
      fetch(`${standin.url}/_standin/batches/drop-create-responses`, { method: 'POST', body });
    const armed = await arm('{"count": 2}');
    expect(armed.status).toBe(200);
    expect(await armed.json()).toEqual({ armed: 2 });
    for (const [body, message] of [
      ['{"count": 0}', /count/],
      ['{"count": 1001}', /count/],
      ['{"count": "2"}', /count/],
      ['{"count": 1, "extra": true}', /extra/],
      ['{}', /count/],
      ['count=1', /not JSON/],
    ] as const) {
      const refused = await arm(body);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
    expect((await arm('x'.repeat(5000))).status).toBe(413);
    for (let index = 0; index < 2; index++)
      await expect(client.messages.batches.create({ requests: entries(1) })).rejects.toBeInstanceOf(
        Anthropic.APIConnectionError,
      );
    await expect(client.messages.batches.create({ requests: entries(1) })).resolves.toMatchObject({
      type: 'message_batch',
    });
    expect(() => standin.dropNextBatchCreateResponses(0)).toThrow(/dropNextBatchCreateResponses: /);
    expect(() => standin.dropNextBatchCreateResponses(1.5)).toThrow(/dropNextBatchCreateResponses: /);
  });

  it('drops a seeded share of creates when dropCreateResponse is set', async () => {
    const { standin, client } = await batchStandin({ script: [], batches: { dropCreateResponse: 1 } });
    await expect(client.messages.batches.create({ requests: entries(1) })).rejects.toBeInstanceOf(
      Anthropic.APIConnectionError,
    );
    expect((await client.messages.batches.list()).data).toHaveLength(1);
    expect(standin.stats.batches.droppedCreateResponses).toBe(1);
  });
});
