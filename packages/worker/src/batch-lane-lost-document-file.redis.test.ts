import { renderSamplePdf } from '@quarry/samples';
import type { RecordedRequest, StandinReply } from '@quarry/standin';
import { describe, expect, onTestFinished } from 'vitest';
import { faultyApiProxy } from './test-fixtures/faulty-api-proxy';
import { it, type WorkerTestBed } from './test-fixtures/use-worker-harness';
import { doc, goodNote } from './worker-test-harness';

/** Submit as soon as anything waits, poll every 100 ms. */
const fast = { BATCH_MAX_WAIT_MS: '0', BATCH_POLL_INTERVAL_MS: '100' };

/** The file id the first block of a request's first message (the document) references. */
const fileIdOf = (request: RecordedRequest | undefined): string | undefined => {
  const first = request?.body.messages[0]?.content;
  const source = Array.isArray(first) ? (first[0] as { source?: { file_id?: string } }).source : undefined;
  return source?.file_id;
};

/**
 * A worker whose API calls pass through a proxy that deletes the stand-in's files before the batch
 * creates `lose` names, and a batch-lane PDF job of document `name` (answered by `replies`).
 */
async function batchJobLosingFiles(options: {
  readonly testBed: WorkerTestBed;
  readonly name: string;
  readonly replies?: readonly StandinReply[];
  readonly lose: (create: number) => boolean;
}) {
  const { name, lose } = options;
  const h = await options.testBed.harness({ plan: { [name]: options.replies ?? [] } });
  const proxy = await faultyApiProxy({ target: h.standin.url, lose });
  onTestFinished(() => proxy.close());
  const { bytes } = await renderSamplePdf({ text: doc(name), layout: 'letter-plain' });
  const { key } = await h.blobs.put({ bytes });
  await h.startWorker({ ...fast, ANTHROPIC_BASE_URL: proxy.url });
  const { jobId } = await h.client.enqueue(
    'doc-note',
    { document: { mediaType: 'application/pdf', source: { type: 'blob', key } } },
    { lane: 'batch' },
  );
  return { h, jobId };
}

describe('a document file lost by the Files API, in the batch lane', () => {
  it('row 140: a batch-lane document job whose Files API file is gone when its batch is answered -> puts the attempt back for the next batch with the document uploaded again once, spending no attempt', async ({
    testBed,
  }) => {
    const { h, jobId } = await batchJobLosingFiles({
      testBed,
      name: 'pdf-batch-lost',
      replies: [{ kind: 'json', value: { title: 'groceries', count: -1 } }],
      lose: (create) => create === 1,
    });
    // Two attempts, as without the loss (batch-lane-documents.redis.test.ts): one invalid, one valid.
    expect(await h.client.waitForResult(jobId, { timeoutMs: 30_000 })).toMatchObject({
      data: goodNote,
      attempts: 2,
    });
    expect(h.standin.stats.files).toMatchObject({ uploaded: 2, deleted: 1 });
    expect(h.standin.stats.batches.results).toMatchObject({ errored: 1, succeeded: 2 });
    // Both answered requests reference the fresh upload.
    const answered = h.requestsFor('pdf-batch-lost').map(fileIdOf);
    expect(answered).toEqual([expect.stringMatching(/^file_/), answered[0]]);
    expect(h.standin.stats.billing).toMatchObject({ batch: { messages: 2 }, realtime: { messages: 0 } });
    expect(await h.dlqCount()).toBe(0);
  });

  it('ends in one DLQ record naming the file when the fresh upload is gone again, without a loop', async ({
    testBed,
  }) => {
    const { h, jobId } = await batchJobLosingFiles({ testBed, name: 'pdf-batch-gone', lose: () => true });
    const record = await h.dlqRecordOf(jobId, 30_000);
    expect(record.reason).toMatchObject({
      kind: 'permanent',
      message: expect.stringMatching(
        /^The Files API lost document file file_\w+ again after it was uploaded anew for the next batch/,
      ),
    });
    expect(record.attempts).toEqual([]);
    expect(h.standin.stats.files.uploaded).toBe(2);
    expect(h.standin.stats.batches.results).toMatchObject({ errored: 2, succeeded: 0 });
    expect(h.standin.requests).toHaveLength(0);
    expect(await h.dlqCount()).toBe(1);
  });
});
