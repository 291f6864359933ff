import { describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote } from './worker-test-harness';

const pdf = {
  mediaType: 'application/pdf',
  source: { type: 'blob', key: `sha256:${'ab'.repeat(32)}` },
} as const;

/**
 * Document jobs (input.document) are part of the job contract before the worker processes them: one
 * that reaches this worker is dead-lettered once, clearly, with no model call, never read as text alone.
 */
describe('a document job reaching the worker', () => {
  it('is dead-lettered once as invalid_payload naming the document, with no model call', async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    const documentOnly = await h.rawQueue().add('extract', { workflow: 'note', input: { document: pdf } });
    const withText = await h
      .rawQueue()
      .add('extract', { workflow: 'note', input: { text: doc('beside'), document: pdf } });
    await h.startWorker();

    for (const job of [documentOnly, withText]) {
      const record = await h.dlqRecordOf(job.id as string, 15_000);
      expect(record.reason).toMatchObject({
        kind: 'invalid_payload',
        message:
          'The job carries a document: input.document: this worker does not process documents yet (application/pdf by blob); only text jobs run',
      });
      expect(record.attempts).toEqual([]);
      // The record keeps the blob reference (a later worker can replay it).
      expect(record.input).toMatchObject({ input: { document: pdf } });
    }
    expect(h.standin.requests).toHaveLength(0);

    const { jobId } = await h.client.enqueue('note', { text: doc('after') });
    expect(await h.client.waitForResult(jobId, { timeoutMs: 15_000 })).toMatchObject({ data: goodNote });
    expect(h.standin.requests).toHaveLength(1);
    expect(await h.dlqCount()).toBe(2);
  });

  it('breaking the document contract names the field', async ({ testBed }) => {
    const h = await testBed.harness();
    const job = await h.rawQueue().add('extract', {
      workflow: 'note',
      input: {
        document: { mediaType: 'application/zip', source: { type: 'blob', key: '../../etc/passwd' } },
      },
    });
    await h.startWorker();
    const record = await h.dlqRecordOf(job.id as string, 15_000);
    expect(record.reason.kind).toBe('invalid_payload');
    expect(record.reason.message).toBe(
      'The job data breaks the job contract: input.document.mediaType: must be one of application/pdf, image/png, image/jpeg, image/webp, image/gif; input.document.source.key: must be a blob key: "sha256:" and 64 lower-case hex digits',
    );
    expect(h.standin.requests).toHaveLength(0);
  });
});
