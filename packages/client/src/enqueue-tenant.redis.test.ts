import { invoiceWorkflow } from '@quarry/workflows';
import { describe, expect } from 'vitest';
import { EnqueueValidationError } from './errors/enqueue-validation-error';
import { it } from './test-fixtures/client-test-kit';

/** Tenant ids that are not one: empty, a space, 65 characters, a path, a number. */
const badTenants: readonly unknown[] = ['', 'a b', 'x'.repeat(65), '../x', 42];

/** The error a refused enqueue threw (null when it did not throw). */
const caught = (enqueue: Promise<unknown>): Promise<unknown> =>
  enqueue.then(
    () => null,
    (error: unknown) => error,
  );

describe('tenant ids at enqueue', () => {
  it('row 219: enqueue with a tenant of "", "a b", 65 characters, "../x" or a number -> EnqueueValidationError naming tenant, nothing enqueued (queue counts and keys unchanged)', async ({
    kit,
  }) => {
    await kit.client.getStatus('warm-up');
    const counts = await kit.queues.queue.getJobCounts();
    const keys = await kit.keys();
    for (const tenant of badTenants) {
      const error = await caught(
        kit.client.enqueue(invoiceWorkflow, { text: 'Invoice 7' }, { tenant } as never),
      );
      expect(error, `tenant ${JSON.stringify(tenant)}`).toBeInstanceOf(EnqueueValidationError);
      expect((error as EnqueueValidationError).problems.map((problem) => problem.path)).toEqual(['tenant']);
    }
    expect(await kit.queues.queue.getJobCounts()).toEqual(counts);
    expect(await kit.keys()).toEqual(keys);
    // A good id goes through the same way.
    await kit.client.enqueue(invoiceWorkflow, { text: 'Invoice 8' }, { tenant: 'acme.eu_2-b' });
    expect((await kit.queues.queue.getJobCounts()).prioritized).toBe((counts.prioritized ?? 0) + 1);
  });

  it("row 220: enqueueMany of good jobs and one with a bad tenant -> EnqueueValidationError naming that job's tenant, none of the batch enqueued", async ({
    kit,
  }) => {
    await kit.client.getStatus('warm-up');
    const counts = await kit.queues.queue.getJobCounts();
    const keys = await kit.keys();
    const good = { workflow: invoiceWorkflow, input: { text: 'Invoice 9' }, options: { tenant: 'acme' } };
    const error = await caught(kit.client.enqueueMany([good, { ...good, options: { tenant: 'a b' } }, good]));
    expect(error).toBeInstanceOf(EnqueueValidationError);
    expect((error as EnqueueValidationError).problems).toEqual([
      { item: 1, path: 'tenant', message: expect.any(String) },
    ]);
    expect(await kit.queues.queue.getJobCounts()).toEqual(counts);
    expect(await kit.keys()).toEqual(keys);
  });
});
