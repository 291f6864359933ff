import { invoiceWorkflow } from '@quarry/workflows';
import { describe, expect } from 'vitest';
import { createQuarryClient } from './create-quarry-client';
import { EnqueueValidationError } from './errors/enqueue-validation-error';
import type { QuarryClient } from './quarry-client';
import { it } from './test-fixtures/client-test-kit';

const rejection = async (promise: Promise<unknown>): Promise<EnqueueValidationError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EnqueueValidationError);
  return error as EnqueueValidationError;
};

describe('enqueue validation', () => {
  it('lists every problem of a job and enqueues nothing', async ({ kit }) => {
    const { client, keys } = kit;
    await client.getStatus('warm-up');
    const before = await keys();
    const error = await rejection(
      client.enqueue(
        'invoice',
        { text: '' },
        {
          idempotencyKey: 'k-1',
          historyScope: '',
          metadata: { nested: { a: 1 } as never, note: 'x'.repeat(5000) },
        },
      ),
    );
    expect(error.problems).toEqual([
      { path: 'historyScope', message: 'Too small: expected string to have >=1 characters' },
      { path: 'metadata.nested', message: 'must be a string, number, boolean or null (metadata is flat)' },
      { path: 'input.text', message: 'text must not be empty' },
    ]);
    expect(error.message).toMatch(/^Nothing was enqueued: 3 problems: historyScope: /);
    expect(await keys()).toEqual(before);
  });

  it('names a bad lane and a bad deadline, and keeps good ones in the job', async ({ kit }) => {
    const { client } = kit;
    const error = await rejection(
      client.enqueue('invoice', { text: 'x' }, { lane: 'cheap' as 'batch', deadline: 'next week' }),
    );
    expect(error.problems).toEqual([
      { path: 'lane', message: 'Invalid option: expected one of "realtime"|"batch"' },
      { path: 'deadline', message: 'must be an ISO 8601 date and time, e.g. 2026-01-31T18:00:00Z' },
    ]);
    const { jobId } = await client.enqueue(
      'invoice',
      { text: 'x' },
      { lane: 'batch', deadline: '2030-01-31T18:00:00Z' },
    );
    const status = await client.getStatus(jobId);
    expect(status.state).toBe('queued');
  });

  it('names an unknown workflow and an unknown version', async ({ kit }) => {
    const { client } = kit;
    expect((await rejection(client.enqueue('payslip', { text: 'x' }))).problems).toEqual([
      { path: 'workflow', message: 'unknown workflow "payslip" (registered: invoice, support-ticket)' },
    ]);
    expect((await rejection(client.enqueue('invoice', { text: 'x' }, { version: 9 }))).problems).toEqual([
      { path: 'version', message: 'workflow "invoice" has no version 9 (known versions: 1, 2)' },
    ]);
  });

  it('rejects input that is not JSON and a job over the size limit', async ({ kit }) => {
    const { client, newClient } = kit;
    expect((await rejection(client.enqueue('invoice', { text: 'x', n: 10n }))).problems[0]).toEqual({
      path: 'input',
      message: 'must be JSON-serializable (Do not know how to serialize a BigInt)',
    });
    expect((await rejection(client.enqueue('invoice', undefined))).problems).toEqual([
      { path: 'input', message: 'is required' },
    ]);
    const small = newClient({ limits: { maxJobDataBytes: 100 } });
    expect((await rejection(small.enqueue(invoiceWorkflow, { text: 'y'.repeat(200) }))).problems).toEqual([
      { path: '', message: 'is 254 bytes as JSON; the limit is 100' },
    ]);
  });

  it('checks every item of a batch first and enqueues none when one is bad', async ({ kit }) => {
    const { client, queues } = kit;
    const error = await rejection(
      client.enqueueMany([
        { workflow: invoiceWorkflow, input: { text: 'fine' } },
        { workflow: 'support-ticket', input: { text: '' } },
        { workflow: 'invoice', input: { text: 'fine' }, options: { metadata: { list: [1] as never } } },
      ]),
    );
    expect(error.problems).toEqual([
      { item: 1, path: 'input.text', message: 'text must not be empty' },
      {
        item: 2,
        path: 'metadata.list',
        message: 'must be a string, number, boolean or null (metadata is flat)',
      },
    ]);
    expect(
      await queues.queue.getJobCountByTypes(
        'wait',
        'prioritized',
        'delayed',
        'active',
        'completed',
        'failed',
      ),
    ).toBe(0);
  });

  it('row 81: carries an effort into the job data and names one that is not a level', async ({ kit }) => {
    const { client, queues } = kit;
    const job = await client.enqueue('invoice', { text: 'an invoice' }, { effort: 'low' });
    expect((await queues.queue.getJob(job.jobId))?.data).toMatchObject({ effort: 'low' });
    const error = await rejection(
      client.enqueue('invoice', { text: 'an invoice' }, { effort: 'turbo' as never }),
    );
    expect(error.problems).toEqual([
      { path: 'effort', message: 'Invalid option: expected one of "low"|"medium"|"high"|"xhigh"|"max"' },
    ]);
  });

  it('carries a locale into the job data and names a bad one', async ({ kit }) => {
    const { client, queues } = kit;
    const job = await client.enqueue('invoice', { text: 'an invoice' }, { locale: 'de-CH' });
    expect((await queues.queue.getJob(job.jobId))?.data).toMatchObject({ locale: 'de-CH' });
    const error = await rejection(client.enqueue('invoice', { text: 'an invoice' }, { locale: 'swiss' }));
    expect(error.problems).toEqual([
      {
        path: 'locale',
        message: 'must be a BCP 47 language tag of a known language, e.g. de-DE or en-US, got "swiss"',
      },
    ]);
  });

  it('carries a budget into the job data', async ({ kit }) => {
    const { client, queues } = kit;
    const budget = { maxTokens: 20_000, maxCostUsd: 0.05 };
    const { jobId } = await client.enqueue(invoiceWorkflow, { text: 'Invoice 9' }, { budget });
    expect((await queues.queue.getJob(jobId))?.data).toMatchObject({ workflow: 'invoice', budget });
  });

  it('carries an evaluation into the job data, lessons on unless said otherwise', async ({ kit }) => {
    const { client, queues } = kit;
    const on = await client.enqueue(
      'invoice',
      { text: 'Invoice 9' },
      { evaluation: { runId: 'run-1', itemId: 'invoice-9' }, historyScope: 'tenant-a' },
    );
    expect((await queues.queue.getJob(on.jobId))?.data).toMatchObject({
      historyScope: 'tenant-a',
      evaluation: { runId: 'run-1', itemId: 'invoice-9', lessons: 'on' },
    });
    const off = await client.enqueue(
      'invoice',
      { text: 'Invoice 9' },
      { evaluation: { runId: 'run-1', itemId: 'invoice-9', lessons: 'off' } },
    );
    expect((await queues.queue.getJob(off.jobId))?.data.evaluation).toEqual({
      runId: 'run-1',
      itemId: 'invoice-9',
      lessons: 'off',
    });
    const plain = await client.enqueue('invoice', { text: 'Invoice 9' });
    expect((await queues.queue.getJob(plain.jobId))?.data).not.toHaveProperty('evaluation');
  });

  it('enqueues a document already in the blob store by its key, with no blob store of its own', async ({
    kit,
  }) => {
    const { client, queues } = kit;
    const key = `sha256:${'ab'.repeat(32)}`;
    const document = { mediaType: 'application/pdf', source: { type: 'blob', key } } as const;
    const job = await client.enqueue(
      'invoice',
      { document },
      { evaluation: { runId: 'run-1', itemId: 'scan-1' } },
    );
    expect((await queues.queue.getJob(job.jobId))?.data).toMatchObject({
      workflow: 'invoice',
      input: { document },
      evaluation: { runId: 'run-1', itemId: 'scan-1' },
    });
    const bad = { mediaType: 'application/pdf', source: { type: 'blob', key: '../etc/passwd' } };
    const problems = (await rejection(client.enqueue('invoice', { document: bad }))).problems;
    expect(problems[0]?.path).toBe('input.document.source.key');
  });

  it('validates before touching Redis: a client with no Redis still reports the problems', async () => {
    const offline = createQuarryClient({ redisUrl: 'redis://127.0.0.1:1', registry: [invoiceWorkflow] });
    try {
      expect((await rejection(offline.enqueue('invoice', { text: '' }))).problems).toEqual([
        { path: 'input.text', message: 'text must not be empty' },
      ]);
    } finally {
      await offline.close();
    }
  });
});

describe('enqueue typing', () => {
  it('infers the input type from a workflow definition', () => {
    const typed = (client: QuarryClient) => [
      client.enqueue(invoiceWorkflow, { text: 'an invoice' }),
      // @ts-expect-error `text` must be a string for the invoice workflow
      client.enqueue(invoiceWorkflow, { text: 42 }),
      client.enqueue('invoice', { anything: 'checked at run time' }),
    ];
    expect(typed).toBeTypeOf('function');
  });
});
