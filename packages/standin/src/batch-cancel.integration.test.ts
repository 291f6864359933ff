import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import {
  batchResults,
  batchStandin,
  closeStandins,
  endedCounts,
  entries,
  waitForBatch,
  waitUntil,
} from './batch-test-kit';

afterEach(closeStandins);

describe('canceling a batch', () => {
  it('during its delay: canceling, then ended with every entry canceled and nothing answered', async () => {
    const { standin, client } = await batchStandin({ script: [], batches: { delayMs: 60_000 } });
    const batch = await client.messages.batches.create({ requests: entries(3) });
    const canceling = await client.messages.batches.cancel(batch.id);
    expect(canceling).toMatchObject({ processing_status: 'canceling', ended_at: null, results_url: null });
    expect(canceling.cancel_initiated_at).not.toBeNull();
    const ended = await waitForBatch(client, batch.id);
    expect(ended.request_counts).toEqual(endedCounts({ canceled: 3 }));
    const { lines } = await batchResults(client, batch.id);
    expect(lines.map((line) => line.result)).toEqual([
      { type: 'canceled' },
      { type: 'canceled' },
      { type: 'canceled' },
    ]);
    expect(standin.requests).toEqual([]);
    expect(standin.stats.batches).toMatchObject({ canceled: 1, ended: 1, results: { canceled: 3 } });
  });

  it('while an entry is being answered: that entry finishes, the ones after it are canceled', async () => {
    let release = (): void => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { standin, client } = await batchStandin({
      script: async (_, index) => {
        if (index === 1) await held;
        return { kind: 'json', value: { index } };
      },
      batches: { cancelDelayMs: 50 },
    });
    const batch = await client.messages.batches.create({ requests: entries(4) });
    await waitUntil(() => standin.requests.length === 2);
    expect((await client.messages.batches.cancel(batch.id)).processing_status).toBe('canceling');
    expect((await client.messages.batches.cancel(batch.id)).processing_status).toBe('canceling');
    expect((await client.messages.batches.retrieve(batch.id)).processing_status).toBe('canceling');
    release();
    const ended = await waitForBatch(client, batch.id);
    expect(ended.request_counts).toMatchObject({ succeeded: 2, canceled: 2 });
    expect(
      Date.parse(ended.ended_at ?? '') - Date.parse(ended.cancel_initiated_at ?? ''),
    ).toBeGreaterThanOrEqual(50);
    const { byId } = await batchResults(client, batch.id);
    expect([...byId.entries()].sort().map(([id, result]) => `${id}:${result.type}`)).toEqual([
      'e0:succeeded',
      'e1:succeeded',
      'e2:canceled',
      'e3:canceled',
    ]);
    expect(standin.stats.batches.canceled).toBe(1);
  });
});

describe('deleting a batch', () => {
  it('removes an ended batch: it is no longer retrieved, listed or its results served', async () => {
    const { standin, client } = await batchStandin({ script: () => ({ kind: 'empty' }) });
    const batch = await client.messages.batches.create({ requests: entries(1) });
    const ended = await waitForBatch(client, batch.id);
    expect(await client.messages.batches.delete(batch.id)).toEqual({
      id: batch.id,
      type: 'message_batch_deleted',
    });
    await expect(client.messages.batches.retrieve(batch.id)).rejects.toBeInstanceOf(Anthropic.NotFoundError);
    expect((await client.messages.batches.list()).data).toEqual([]);
    const results = await fetch(ended.results_url ?? '', { headers: { 'x-api-key': 'test' } });
    expect(results.status).toBe(404);
    expect(standin.stats.batches).toMatchObject({ deleted: 1, stored: 0 });
  });
});
