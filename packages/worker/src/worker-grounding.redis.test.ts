import { DeadLetteredError } from '@quarry/client';
import { quarryKeys, ReviewIndex } from '@quarry/queue';
import { describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { doc } from './worker-test-harness';

/** A `quoted-note` reply: the title with its quote, the count ungrounded. */
const reply = (title: string, quote: string) =>
  ({ kind: 'json', value: { _evidence: { title: quote }, title, count: 3 } }) as const;

describe('worker grounding (real Redis, SDK against the stand-in)', () => {
  it('row 104: a well-formed value absent from the document -> feeds an invented value back, then returns the grounded result with offsets into the document and its weak field', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: {
        groceries: [reply('bananas', 'A note about bananas'), reply('groceries', 'A note about groceries')],
      },
    });
    await h.startWorker();
    const text = doc('groceries');
    const { jobId } = await h.client.enqueue('quoted-note', { text });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    expect(result).toMatchObject({ data: { title: 'groceries', count: 3 }, attempts: 2, needsReview: true });
    const title = result.provenance?.title;
    expect(title).toMatchObject({ quote: 'A note about groceries', match: 'exact' });
    expect(text.slice(title?.start, title?.end)).toBe('A note about groceries');
    // Quoted exactly, after one failed attempt that gave another title: 1 × 0.85 × (0.5 + 0.5 × 1/2).
    expect(result.fieldConfidence).toEqual({ title: 0.64 });
    // Below the title's reviewBelow (0.7): the result and its review entry name the field and why.
    const weak = {
      path: 'title',
      confidence: 0.64,
      reviewBelow: 0.7,
      reason: 'exact match, failed grounding in 1 earlier attempt, 50 % of attempts agree',
    };
    expect(result.weakFields).toEqual([weak]);
    const review = new ReviewIndex({ redis: h.redis, keys: quarryKeys({ prefix: h.prefix }) });
    expect(await review.get(jobId)).toMatchObject({
      reasons: [`grounding: title: confidence 0.64 is below 0.7 (${weak.reason})`],
      weakFields: [weak],
    });

    const [first, second] = h.requestsFor('groceries');
    expect(JSON.stringify(first?.body)).toContain('"_evidence"');
    const feedback = JSON.stringify(second?.body.messages);
    expect(feedback).toContain('title: The quote');
    expect(feedback).toContain('does not occur in the document');
  });

  it('dead-letters a job whose values never agree with their quotes, with the provenance of every attempt', async ({
    testBed,
  }) => {
    const invented = ['bananas', 'apples', 'pears'].map((title) => reply(title, 'A note about wrong'));
    const h = await testBed.harness({ plan: { wrong: invented } });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('quoted-note', { text: doc('wrong') });
    const error = await h.client
      .waitForResult(jobId, { timeoutMs: 15_000 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeadLetteredError);
    const record = await h.dlqRecordOf(jobId);
    expect(record.reason.kind).toBe('validation_exhausted');
    expect(
      record.attempts.map((attempt) => attempt.issues.map((issue) => `${issue.path}:${issue.code}`)),
    ).toEqual([['title:mismatch'], ['title:mismatch'], ['title:mismatch']]);
    expect(record.attempts.map((attempt) => attempt.provenance?.title?.quote)).toEqual([
      'A note about wrong',
      'A note about wrong',
      'A note about wrong',
    ]);
  });

  it('flags a weak field for review, the review entry carrying the field confidence', async ({ testBed }) => {
    const h = await testBed.harness({
      plan: { weak: [reply('bananas', 'A note about bananas'), reply('weak', 'A note about weak')] },
    });
    const worker = await h.startWorker();
    const { jobId } = await h.client.enqueue('reviewed-note', { text: doc('weak') });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    expect(result).toMatchObject({ needsReview: true, fieldConfidence: { title: 0.64 } });
    const entry = await worker.review.get(jobId);
    expect(entry?.reasons).toEqual([
      'grounding: title: confidence 0.64 is below 0.9 (exact match, failed grounding in 1 earlier attempt, 50 % of attempts agree)',
    ]);
    expect(entry?.fieldConfidence).toEqual({ title: 0.64 });
  });
});
