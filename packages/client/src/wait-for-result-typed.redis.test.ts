import { invoiceWorkflow as invoice, supportTicketWorkflow as supportTicket } from '@quarry/workflows';
import { describe, expect, expectTypeOf } from 'vitest';
import type { z } from 'zod';
import { JobResultInvalidError } from './errors/job-result-invalid-error';
import type { JobResult } from './quarry-client';
import { it, jobResult, startTestWorker } from './test-fixtures/client-test-kit';

const input = { text: 'Invoice INV-9, total 10.00 EUR' };

describe('waitForResult typed by its workflow', () => {
  it('types data by the workflow given, or by the type a producer names, and refuses a job of another workflow', async ({
    kit: k,
  }) => {
    k.track(
      startTestWorker({ url: k.url, queues: k.queues, outcome: async () => ({ complete: jobResult() }) }),
    );
    const job = await k.client.enqueue(invoice, input);

    const typed = await k.client.waitForResult(job.jobId, { workflow: invoice, timeoutMs: 10_000 });
    expectTypeOf(typed.data).toEqualTypeOf<z.output<typeof invoice.output>>();
    expectTypeOf(typed).toEqualTypeOf<JobResult<z.output<typeof invoice.output>>>();
    expect(typed).toEqual(jobResult());

    type Named = { readonly invoiceNumber: string };
    const named = await k.client.waitForResult<Named>(job.jobId, { timeoutMs: 1000 });
    expectTypeOf(named.data).toEqualTypeOf<Named>();
    const plain = await k.client.waitForResult(job.jobId, { timeoutMs: 1000 });
    expectTypeOf(plain.data).toBeUnknown();

    const other = await k.client
      .waitForResult(job.jobId, { workflow: supportTicket, timeoutMs: 1000 })
      .catch((e: unknown) => e);
    expect(other).toBeInstanceOf(JobResultInvalidError);
    expect(other).toMatchObject({
      name: 'JobResultInvalidError',
      jobId: job.jobId,
      problems: ['the job ran workflow "invoice", not "support-ticket"'],
    });
  });
});
