import type Anthropic from '@anthropic-ai/sdk';
import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { afterEach, describe, expect, it } from 'vitest';
import {
  batchResults,
  batchStandin,
  closeStandins,
  endedCounts,
  entries,
  entryParams,
  waitForBatch,
} from './batch-test-kit';
import { corpus, invoiceRequest, invoiceTruth } from './test-corpus';

afterEach(closeStandins);

const answerOf = (message: Message): unknown => {
  const block = message.content[0];
  return block?.type === 'text' ? JSON.parse(block.text) : block;
};

describe('a batch through the SDK', () => {
  it('stays in progress for its delay, then ends with one result per request, answered as POST /v1/messages answers', async () => {
    const { standin, client } = await batchStandin({
      script: (request) => ({
        kind: 'json',
        value: { seen: request.body.messages.length, index: request.index },
      }),
      batches: { delayMs: 150 },
    });
    const created = await client.messages.batches.create({ requests: entries(3) });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^msgbatch_/),
      type: 'message_batch',
      processing_status: 'in_progress',
      request_counts: { processing: 3, succeeded: 0, errored: 0, canceled: 0, expired: 0 },
      ended_at: null,
      cancel_initiated_at: null,
      archived_at: null,
      results_url: null,
    });
    expect(Date.parse(created.expires_at) - Date.parse(created.created_at)).toBe(24 * 60 * 60 * 1000);
    const ended = await waitForBatch(client, created.id);
    expect(ended.request_counts).toEqual(endedCounts({ succeeded: 3 }));
    expect(Date.parse(ended.ended_at ?? '') - Date.parse(ended.created_at)).toBeGreaterThanOrEqual(150);
    expect(ended.results_url).toBe(`${standin.url}/v1/messages/batches/${created.id}/results`);

    const { byId, lines } = await batchResults(client, created.id);
    expect(lines.map((line) => line.custom_id).sort()).toEqual(['e0', 'e1', 'e2']);
    const first = byId.get('e0');
    if (first?.type !== 'succeeded') throw new Error(`e0 ended ${first?.type}`);
    expect(answerOf(first.message)).toEqual({ seen: 1, index: 0 });
    expect(first.message.usage.service_tier).toBe('batch');
    expect(standin.requests.map((request) => request.batch)).toEqual(
      ['e0', 'e1', 'e2'].map((customId) => ({ id: created.id, customId })),
    );

    const realtime = await client.messages.create(entryParams('document 0'));
    expect(answerOf(realtime)).toEqual({ seen: 1, index: 3 });
    const { service_tier, ...batchUsage } = first.message.usage;
    expect(realtime.usage).toEqual(batchUsage);
    expect(standin.stats.batches).toMatchObject({ created: 1, ended: 1, results: { succeeded: 3 } });
  });

  it('bills batch usage at half the realtime price, cache writes and reads included', async () => {
    const cached = (): Anthropic.MessageCreateParamsNonStreaming => ({
      ...entryParams('a shared prefix worth caching', 'claude-haiku-4-5'),
      system: [
        { type: 'text', text: 'Extract the fields.', cache_control: { type: 'ephemeral', ttl: '1h' } },
      ],
    });
    const script = () => ({ kind: 'json' as const, value: { total: 12.5 } });
    const realtime = await batchStandin({ script });
    await realtime.client.messages.create(cached());
    await realtime.client.messages.create(cached());
    const batched = await batchStandin({ script });
    const created = await batched.client.messages.batches.create({
      requests: [
        { custom_id: 'first', params: cached() },
        { custom_id: 'second', params: cached() },
      ],
    });
    await waitForBatch(batched.client, created.id);
    const paid = realtime.standin.stats.billing.realtime;
    const billed = batched.standin.stats.billing.batch;
    expect(paid.cacheCreationInputTokens).toBeGreaterThan(0);
    expect(paid.cacheReadInputTokens).toBeGreaterThan(0);
    expect({ ...billed, costUsd: 0 }).toEqual({ ...paid, costUsd: 0 });
    expect(billed.costUsd).toBeGreaterThan(0);
    expect(billed.costUsd).toBeCloseTo(paid.costUsd / 2, 12);
    expect(batched.standin.stats.billing.realtime.messages).toBe(0);
  });

  it('answers with the simulated model: the same mistake as realtime, fixed once feedback names its path', async () => {
    const { standin, client } = await batchStandin({
      simulate: { corpus, mistakes: { rate: 1, kinds: { dateFormat: 1 } } },
      seed: 3,
    });
    const realtime = answerOf(await client.messages.create(invoiceRequest({}))) as Record<string, unknown>;
    const wrong = (['issueDate', 'dueDate'] as const).filter(
      (field) => realtime[field] !== invoiceTruth[field],
    );
    expect(wrong).toHaveLength(1);
    const first = await client.messages.batches.create({
      requests: [{ custom_id: 'job-1', params: invoiceRequest({}) }],
    });
    await waitForBatch(client, first.id);
    const firstResult = (await batchResults(client, first.id)).byId.get('job-1');
    expect(firstResult?.type === 'succeeded' && answerOf(firstResult.message)).toEqual(realtime);
    const retry = invoiceRequest({
      retry: { previous: JSON.stringify(realtime), feedback: `${wrong[0]}: must be YYYY-MM-DD` },
    });
    const second = await client.messages.batches.create({
      requests: [{ custom_id: 'job-1-a2', params: retry }],
    });
    await waitForBatch(client, second.id);
    const secondResult = (await batchResults(client, second.id)).byId.get('job-1-a2');
    expect(secondResult?.type === 'succeeded' && answerOf(secondResult.message)).toEqual(invoiceTruth);
    expect(standin.stats.simulation).toMatchObject({ injected: 2, fixed: 1 });
  });

  it('ends a seeded share of entries errored or expired without asking the model, and draws again on resubmission', async () => {
    const shares = { apiError: 0.15, overloaded: 0.15, invalidRequest: 0.15, expired: 0.15 };
    const run = async () => {
      const { standin, client } = await batchStandin({
        script: () => ({ kind: 'empty' }),
        seed: 7,
        batches: { shares },
      });
      const outcomes: string[][] = [];
      for (let round = 0; round < 2; round++) {
        const batch = await client.messages.batches.create({ requests: entries(200) });
        const ended = await waitForBatch(client, batch.id);
        const { byId } = await batchResults(client, batch.id);
        const kinds = [...byId.entries()]
          .sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)))
          .map(([, result]) => (result.type === 'errored' ? result.error.error.type : result.type));
        expect(ended.request_counts.errored).toBe(kinds.filter((kind) => kind.endsWith('_error')).length);
        expect(ended.request_counts.expired).toBe(kinds.filter((kind) => kind === 'expired').length);
        outcomes.push(kinds);
      }
      return { outcomes, standin };
    };
    const { outcomes, standin } = await run();
    const [first = [], second = []] = outcomes;
    for (const kind of ['api_error', 'overloaded_error', 'invalid_request_error', 'expired', 'succeeded'])
      expect(first).toContain(kind);
    expect(second).not.toEqual(first);
    const succeeded = [...first, ...second].filter((kind) => kind === 'succeeded').length;
    expect(standin.requests).toHaveLength(succeeded);
    expect(standin.stats.billing.batch.messages).toBe(succeeded);
    const perCustomId = Object.values(standin.stats.batchAnswersPerCustomId);
    expect(perCustomId.reduce((sum, count) => sum + count, 0)).toBe(succeeded);
    expect((await run()).outcomes).toEqual(outcomes);
  });
});
