import { renderSamplePdf } from '@quarry/samples';
import type { RecordedRequest } from '@quarry/standin';
import { describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote } from './worker-test-harness';

/** Submit as soon as anything waits, poll every 100 ms. */
const fast = { BATCH_MAX_WAIT_MS: '0', BATCH_POLL_INTERVAL_MS: '100' };

/** The source of the first block of a request's first message (the document). */
const documentSource = (request: RecordedRequest | undefined): unknown => {
  const first = request?.body.messages[0]?.content;
  return Array.isArray(first) ? (first[0] as { source?: unknown }).source : undefined;
};

describe('a document job in the batch lane', () => {
  it('is submitted referencing its uploaded file (never base64), retried in a later batch, and completes', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: { 'pdf-batch': [{ kind: 'json', value: { title: 'groceries', count: -1 } }] },
    });
    const { bytes } = await renderSamplePdf({ text: doc('pdf-batch'), layout: 'letter-plain' });
    const { key } = await h.blobs.put({ bytes });
    await h.startWorker(fast);
    const { jobId } = await h.client.enqueue(
      'doc-note',
      { document: { mediaType: 'application/pdf', source: { type: 'blob', key } } },
      { lane: 'batch' },
    );
    expect(await h.client.waitForResult(jobId, { timeoutMs: 20_000 })).toMatchObject({
      data: goodNote,
      attempts: 2,
    });
    const requests = h.requestsFor('pdf-batch');
    expect(requests.map((request) => request.batch?.id)).toEqual([
      expect.stringMatching(/^msgbatch_/),
      expect.stringMatching(/^msgbatch_/),
    ]);
    const [first, second] = requests.map(documentSource);
    expect(first).toEqual({ type: 'file', file_id: expect.stringMatching(/^file_/) });
    expect(second).toEqual(first);
    expect(h.standin.stats.files.uploaded).toBe(1);
    expect(h.standin.stats.billing).toMatchObject({ batch: { messages: 2 }, realtime: { messages: 0 } });
    // The batch create named the Files API beta, which a request referencing a file_id needs.
    for (const request of requests)
      expect(request.headers['anthropic-beta']).toContain('files-api-2025-04-14');
  });
});
