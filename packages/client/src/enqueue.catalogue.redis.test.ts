import { invoiceWorkflow } from '@quarry/workflows';
import { describe, expect } from 'vitest';
import { EnqueueValidationError } from './errors/enqueue-validation-error';
import { it } from './test-fixtures/client-test-kit';

/**
 * Bad-input catalogue, payload contract: each kind of bad job is refused by `enqueue` with an
 * EnqueueValidationError naming the problem, before Redis is touched, and nothing is enqueued.
 */
describe('bad-input catalogue: payload contract violations at enqueue', () => {
  let before: string[] = [];
  let keys: () => Promise<string[]>;

  it.beforeEach(async ({ kit }) => {
    await kit.client.getStatus('warm-up');
    keys = kit.keys;
    before = await keys();
  });

  /** The problems of a refused enqueue, after checking nothing reached Redis. */
  async function refused(enqueue: Promise<unknown>): Promise<readonly { path: string; message: string }[]> {
    const error = await enqueue.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(EnqueueValidationError);
    expect(await keys()).toEqual(before);
    return (error as EnqueueValidationError).problems;
  }

  it('row 1: a missing field: no input', async ({ kit }) => {
    expect(await refused(kit.client.enqueue('invoice', undefined))).toEqual([
      { path: 'input', message: 'is required' },
    ]);
    expect(await refused(kit.client.enqueue('invoice', {}))).toEqual([
      { path: 'input.text', message: 'text must be a string' },
    ]);
  });

  it('row 2: an extra field: a misspelt option is refused instead of silently dropped', async ({ kit }) => {
    const options = { idempotencykey: 'order-7' } as never;
    expect(await refused(kit.client.enqueue('invoice', { text: 'Invoice 7' }, options))).toEqual([
      {
        path: 'idempotencykey',
        message:
          'is not an enqueue option (known: version, idempotencyKey, tenant, historyScope, effort, locale, metadata, lineage, overrides, budget, lane, deadline, evaluation, trace)',
      },
    ]);
  });

  it('row 4: wrong-typed fields', async ({ kit }) => {
    const options = { version: '1', historyScope: 42 } as never;
    expect(await refused(kit.client.enqueue('invoice', { text: 7 }, options))).toEqual([
      { path: 'version', message: 'Invalid input: expected number, received string' },
      { path: 'historyScope', message: 'Invalid input: expected string, received number' },
    ]);
  });

  it('row 5: input of the wrong shape: a bare string instead of { text }', async ({ kit }) => {
    expect(await refused(kit.client.enqueue('invoice', 'Invoice 7, total 5.00'))).toEqual([
      { path: 'input', message: 'Invalid input: expected object, received string' },
    ]);
  });

  it('row 6: an unknown workflow', async ({ kit }) => {
    expect(await refused(kit.client.enqueue('payslip', { text: 'x' }))).toEqual([
      { path: 'workflow', message: 'unknown workflow "payslip" (registered: invoice, support-ticket)' },
    ]);
  });

  it('row 7: an unknown version', async ({ kit }) => {
    expect(await refused(kit.client.enqueue('invoice', { text: 'x' }, { version: 3 }))).toEqual([
      { path: 'version', message: 'workflow "invoice" has no version 3 (known versions: 1, 2)' },
    ]);
  });

  it('row 8: empty text', async ({ kit }) => {
    expect(await refused(kit.client.enqueue(invoiceWorkflow, { text: '' }))).toEqual([
      { path: 'input.text', message: 'text must not be empty' },
    ]);
  });

  it('row 9: oversized text', async ({ kit }) => {
    expect(await refused(kit.client.enqueue(invoiceWorkflow, { text: 'x'.repeat(200_001) }))).toEqual([
      { path: 'input.text', message: 'text must be at most 200,000 characters' },
    ]);
  });

  it('row 10: a job over the size limit (1 MiB as JSON), though its text is within the length limit', async ({
    kit,
  }) => {
    // Control characters take 6 bytes each as JSON (\u0001).
    expect(await refused(kit.client.enqueue(invoiceWorkflow, { text: '\u0001'.repeat(200_000) }))).toEqual([
      { path: '', message: 'is 1200054 bytes as JSON; the limit is 1048576' },
    ]);
  });

  it('row 11: binary data: bytes instead of a string, and a PDF read as text', async ({ kit }) => {
    const bytes = new Uint8Array([37, 80, 68, 70, 0, 1]) as never;
    expect(await refused(kit.client.enqueue(invoiceWorkflow, { text: bytes }))).toEqual([
      { path: 'input.text', message: 'text must be a string' },
    ]);
    expect(await refused(kit.client.enqueue(invoiceWorkflow, { text: '%PDF-1.7\n\u0000\u0000obj' }))).toEqual(
      [
        {
          path: 'input.text',
          message:
            'text holds a NUL character at index 9: it looks like binary data (e.g. a PDF or an image read as text); extract its text first',
        },
      ],
    );
  });

  it('row 12: invalid UTF-16: a lone surrogate', async ({ kit }) => {
    expect(await refused(kit.client.enqueue(invoiceWorkflow, { text: 'Total: 5 \ud83d' }))).toEqual([
      {
        path: 'input.text',
        message:
          'text is not well-formed Unicode: a lone surrogate at index 9 (was it cut in the middle of a character?)',
      },
    ]);
  });

  it('row 13: huge metadata', async ({ kit }) => {
    const metadata = { note: 'x'.repeat(5000) };
    expect(await refused(kit.client.enqueue(invoiceWorkflow, { text: 'x' }, { metadata }))).toEqual([
      { path: 'metadata', message: 'must serialize to at most 4096 bytes of JSON, got 5011' },
    ]);
  });

  it('row 14: nested metadata', async ({ kit }) => {
    const metadata = { customer: { id: 7 } } as never;
    expect(await refused(kit.client.enqueue(invoiceWorkflow, { text: 'x' }, { metadata }))).toEqual([
      { path: 'metadata.customer', message: 'must be a string, number, boolean or null (metadata is flat)' },
    ]);
  });

  it('row 15: input that is not JSON: a cycle', async ({ kit }) => {
    const input: Record<string, unknown> = { text: 'x' };
    input.self = input;
    const problems = await refused(kit.client.enqueue('invoice', input));
    expect(problems).toHaveLength(1);
    expect(problems[0]?.path).toBe('input');
    expect(problems[0]?.message).toMatch(
      /^must be JSON-serializable \(Converting circular structure to JSON/,
    );
  });

  it('row 16: an idempotency key that is too long, and out-of-range overrides', async ({ kit }) => {
    const options = { idempotencyKey: 'k'.repeat(257), overrides: { maxAttempts: 50 } };
    expect(await refused(kit.client.enqueue(invoiceWorkflow, { text: 'x' }, options))).toEqual([
      { path: 'idempotencyKey', message: 'Too big: expected string to have <=256 characters' },
      { path: 'overrides.maxAttempts', message: 'Too big: expected number to be <=20' },
    ]);
  });

  it('row 41: a budget that is negative, not a number, a string or huge', async ({ kit }) => {
    const enqueue = (budget: unknown) =>
      refused(kit.client.enqueue(invoiceWorkflow, { text: 'x' }, { budget: budget as never }));
    expect(await enqueue({ maxTokens: -100, maxCostUsd: Number.NaN })).toEqual([
      { path: 'budget.maxTokens', message: 'must be a positive number of tokens' },
      { path: 'budget.maxCostUsd', message: 'Invalid input: expected number, received NaN' },
    ]);
    expect(await enqueue({ maxTokens: '5000', maxCostUsd: '0.50' })).toEqual([
      { path: 'budget.maxTokens', message: 'Invalid input: expected number, received string' },
      { path: 'budget.maxCostUsd', message: 'Invalid input: expected number, received string' },
    ]);
    expect(await enqueue({ maxTokens: 1e15, maxCostUsd: Number.POSITIVE_INFINITY })).toEqual([
      { path: 'budget.maxTokens', message: 'must be at most 100000000 tokens' },
      { path: 'budget.maxCostUsd', message: 'Invalid input: expected number, received Infinity' },
    ]);
    expect(await enqueue({ maxTokens: 12.5, maxCostUsd: 1e6 })).toEqual([
      { path: 'budget.maxTokens', message: 'must be a whole number of tokens' },
      { path: 'budget.maxCostUsd', message: 'must be at most 1000 US dollars' },
    ]);
    expect(await enqueue({ maxCost: 1 })).toEqual([
      { path: 'budget', message: 'Unrecognized key: "maxCost"' },
    ]);
  });

  it('row 159: an evaluation with a bad run id, an unknown field, a wrong lessons value or a control character -> refused at enqueue naming the path, nothing enqueued', async ({
    kit,
  }) => {
    const enqueue = (evaluation: unknown) =>
      refused(kit.client.enqueue(invoiceWorkflow, { text: 'x' }, { evaluation: evaluation as never }));
    const runId = 'must be a run id: 1-64 letters, digits, - or _';
    expect(await enqueue({ runId: 'run 1/../x', itemId: 'a' })).toEqual([
      { path: 'evaluation.runId', message: runId },
    ]);
    expect(await enqueue({ runId: 'r'.repeat(65), itemId: 'a' })).toEqual([
      { path: 'evaluation.runId', message: runId },
    ]);
    expect(await enqueue({ runId: '', itemId: '' })).toEqual([
      { path: 'evaluation.runId', message: runId },
      { path: 'evaluation.itemId', message: 'must be an item id: 1-128 printable characters' },
    ]);
    expect(await enqueue({ runId: 'run-1', itemId: 'a', scope: 'tenant-a' })).toEqual([
      { path: 'evaluation', message: 'Unrecognized key: "scope"' },
    ]);
    expect(await enqueue({ runId: 'run-1', itemId: 'a', lessons: 'sometimes' })).toEqual([
      { path: 'evaluation.lessons', message: 'must be "on" or "off"' },
    ]);
    expect(await enqueue({ runId: 'run-1', itemId: 'item\u001b[2J' })).toEqual([
      {
        path: 'evaluation.itemId',
        message: 'must be an item id: 1-128 printable characters (no control characters)',
      },
    ]);
    expect(await enqueue('run-1')).toEqual([
      { path: 'evaluation', message: 'Invalid input: expected object, received string' },
    ]);
  });

  it("row 87: a model override outside the workflow's models and QUARRY_ALLOWED_MODELS, or not a model id", async ({
    kit,
  }) => {
    const text = { text: 'Invoice 7' };
    const notAllowed = (model: string, allowed: string) => ({
      path: 'overrides.model',
      message: `model "${model}" is not allowed for workflow "invoice" (${allowed}; add it to QUARRY_ALLOWED_MODELS)`,
    });
    expect(
      await refused(kit.client.enqueue(invoiceWorkflow, text, { overrides: { model: 'claude-x-1' } })),
    ).toEqual([notAllowed('claude-x-1', 'no model is allowed')]);

    const client = kit.newClient({ allowedModels: ['claude-sonnet-4-5', 'claude-haiku-4-5'] });
    // Fifty producer-chosen names would be fifty metric series each: every one is refused.
    for (let i = 0; i < 50; i += 1) {
      expect(
        await refused(client.enqueue(invoiceWorkflow, text, { overrides: { model: `claude-x-${i}` } })),
      ).toEqual([notAllowed(`claude-x-${i}`, 'allowed: claude-haiku-4-5, claude-sonnet-4-5')]);
    }
    expect(
      await refused(client.enqueue(invoiceWorkflow, text, { overrides: { model: 'claude\u001b[31m' } })),
    ).toEqual([
      {
        path: 'overrides.model',
        message: 'must be a model id: letters, digits and . _ : @ / -, at most 128 characters',
      },
    ]);
    const job = await client.enqueue(invoiceWorkflow, text, { overrides: { model: 'claude-sonnet-4-5' } });
    expect(job.created).toBe(true);
    expect((await kit.queues.queue.getJob(job.jobId))?.data.overrides).toEqual({
      model: 'claude-sonnet-4-5',
    });
  });
});
