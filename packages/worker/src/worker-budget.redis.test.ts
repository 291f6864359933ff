import { DeadLetteredError } from '@quarry/client';
import { describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote, type WorkerHarness } from './worker-test-harness';

/** A reply the `count-positive` rule sends back for another try. */
const badNote = { kind: 'json', value: { title: 'groceries', count: -3 } } as const;

/** Tokens and cost of one call answering `goodNote` for a document named like the ones below. */
async function referenceCall(h: WorkerHarness): Promise<{ tokens: number; costUsd: number }> {
  const { jobId } = await h.client.enqueue('note', { text: doc('refer') });
  const result = await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
  const { usage } = result;
  const tokens =
    usage.inputTokens + usage.outputTokens + usage.cacheCreationInputTokens + usage.cacheReadInputTokens;
  if (result.costUsd === null) throw new Error('the test model has no price');
  return { tokens, costUsd: result.costUsd };
}

async function deadLetterOf(h: WorkerHarness, jobId: string): Promise<DeadLetteredError> {
  const error = await h.client.waitForResult(jobId, { timeoutMs: 15_000 }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(DeadLetteredError);
  return error as DeadLetteredError;
}

// A budget of 1.75 calls: the first call fits (its estimate is the request's size), a second does not.
describe('a job budget (real worker, SDK against the stand-in)', () => {
  it("row 42: dead-letters as budget_exhausted before a call over the job's token budget, with the totals", async ({
    testBed,
  }) => {
    const h = await testBed.harness({ plan: { tight: [badNote, { kind: 'json', value: goodNote }] } });
    await h.startWorker();
    const reference = await referenceCall(h);
    const maxTokens = Math.floor(reference.tokens * 1.75);
    const { jobId } = await h.client.enqueue('note', { text: doc('tight') }, { budget: { maxTokens } });

    const error = await deadLetterOf(h, jobId);
    expect(error.reason.kind).toBe('budget_exhausted');
    expect(error.reason.message).toMatch(
      new RegExp(
        `^Budget exhausted after 1 model call \\(\\d+ tokens, \\$0\\.\\d{4} spent\\): .* over its budget of ${maxTokens}$`,
      ),
    );
    const record = await h.dlqRecordOf(jobId);
    expect(record.input).toMatchObject({ budget: { maxTokens } });
    expect(record.attempts).toHaveLength(1);
    const { totals } = record;
    expect(totals.modelCalls).toBe(1);
    const spent =
      totals.inputTokens +
      totals.outputTokens +
      totals.cacheCreationInputTokens +
      totals.cacheReadInputTokens;
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(maxTokens);
    expect(totals.costUsd).toBeGreaterThan(0);
    expect(error.reason.message).toContain(`(${spent} tokens`);
    expect(h.requestsFor('tight')).toHaveLength(1);
  });

  it('applies the worker default JOB_MAX_COST_USD to a job without a budget of its own', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ plan: { tight: [badNote, { kind: 'json', value: goodNote }] } });
    const quarry = await h.startWorker();
    const reference = await referenceCall(h);
    await quarry.close({ graceMs: 1000 });
    const maxCostUsd = Number((reference.costUsd * 1.75).toFixed(9));
    await h.startWorker({ JOB_MAX_COST_USD: String(maxCostUsd) });
    const { jobId } = await h.client.enqueue('note', { text: doc('tight') });

    const error = await deadLetterOf(h, jobId);
    expect(error.reason.kind).toBe('budget_exhausted');
    expect(error.reason.message).toContain(`over its budget of $${maxCostUsd}`);
    const record = await h.dlqRecordOf(jobId);
    expect(record.totals).toMatchObject({ modelCalls: 1, costUsd: expect.any(Number) });
    expect(record.totals.costUsd).toBeLessThanOrEqual(maxCostUsd);
    expect(h.requestsFor('tight')).toHaveLength(1);
  });

  it("lets the job's own cost budget win over the worker default, higher or lower", async ({ testBed }) => {
    const h = await testBed.harness({ plan: { roomy: [badNote, { kind: 'json', value: goodNote }] } });
    // A default so small that not even a first call fits.
    await h.startWorker({ JOB_MAX_COST_USD: '0.000001' });

    const capped = await h.client.enqueue('note', { text: doc('capped') });
    const error = await deadLetterOf(h, capped.jobId);
    expect(error.reason.kind).toBe('budget_exhausted');
    expect(error.reason.message).toMatch(
      /^Budget exhausted after 0 model calls \(0 tokens, \$0\.0000 spent\)/,
    );
    expect(h.requestsFor('capped')).toHaveLength(0);

    const roomy = await h.client.enqueue('note', { text: doc('roomy') }, { budget: { maxCostUsd: 1 } });
    expect(await h.client.waitForResult(roomy.jobId, { timeoutMs: 15_000 })).toMatchObject({
      data: goodNote,
      attempts: 2,
    });
    expect(h.requestsFor('roomy')).toHaveLength(2);
  });
});
