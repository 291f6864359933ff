import Anthropic from '@anthropic-ai/sdk';
import { createAnthropicModelClient } from '@quarry/anthropic';
import type { ModelClient } from '@quarry/core';
import { renderSamplePdf } from '@quarry/samples';
import type { RecordedRequest } from '@quarry/standin';
import { describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote, type WorkerHarness } from './worker-test-harness';

const pdfOf = async (name: string) =>
  (await renderSamplePdf({ text: doc(name), layout: 'letter-plain' })).bytes;

/** The file id the first block of a request's first message (the document) references. */
const fileIdOf = (request: RecordedRequest | undefined): string | undefined => {
  const first = request?.body.messages[0]?.content;
  const source = Array.isArray(first) ? (first[0] as { source?: { file_id?: string } }).source : undefined;
  return source?.file_id;
};

const filesClient = (h: WorkerHarness) =>
  new Anthropic({ apiKey: 'test-key', baseURL: h.standin.url, maxRetries: 0 });

/**
 * A document file the Files API no longer has (deleted by someone, expired early, another
 * workspace's) while Quarry still holds its id: the call answered 404 is checked against the Files
 * API, the document uploaded again and the call re-sent without spending an attempt.
 */
describe('a document file lost by the Files API', () => {
  it("row 139: a document's Files API file gone while Quarry still holds its id -> is uploaded again once, and the job takes as many attempts as it would have without the loss", async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: {
        // The first job's one call, then the second job's two attempts (one invalid).
        'pdf-lost': [
          { kind: 'json', value: goodNote },
          { kind: 'json', value: { title: 'x', count: -1 } },
        ],
      },
    });
    const { key } = await h.blobs.put({ bytes: await pdfOf('pdf-lost') });
    const document = { mediaType: 'application/pdf', source: { type: 'blob', key } } as const;
    await h.startWorker();
    const first = await h.client.enqueue('doc-note', { document });
    expect(await h.client.waitForResult(first.jobId, { timeoutMs: 20_000 })).toMatchObject({ attempts: 1 });
    const lost = fileIdOf(h.requestsFor('pdf-lost')[0]);
    expect(lost).toMatch(/^file_/);
    await filesClient(h).beta.files.delete(lost ?? '');

    const second = await h.client.enqueue('doc-note', { document });
    expect(await h.client.waitForResult(second.jobId, { timeoutMs: 20_000 })).toMatchObject({
      data: goodNote,
      attempts: 2,
    });
    expect(h.standin.stats.files).toMatchObject({ uploaded: 2, deleted: 1 });
    const fresh = fileIdOf(h.requestsFor('pdf-lost')[1]);
    expect(fresh).toMatch(/^file_/);
    expect(fresh).not.toBe(lost);
    expect(h.requestsFor('pdf-lost').map(fileIdOf)).toEqual([lost, fresh, fresh]);

    // The fresh id is the one every worker finds now: no further upload.
    const third = await h.client.enqueue('doc-note', { document });
    await h.client.waitForResult(third.jobId, { timeoutMs: 20_000 });
    expect(h.standin.stats.files.uploaded).toBe(2);
    expect(fileIdOf(h.requestsFor('pdf-lost').at(-1))).toBe(fresh);
  });

  it('ends with a clear permanent error, not a loop, when every upload is gone by the time it is read', async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    const files = filesClient(h);
    const real = createAnthropicModelClient({
      apiKey: 'test-key',
      baseURL: h.standin.url,
      maxRetries: 0,
      timeoutMs: 10_000,
    });
    let calls = 0;
    // Deletes every stored file before each call: whatever Quarry uploads is gone when it is read.
    const losing: ModelClient = {
      async generate(request, call) {
        calls++;
        for await (const file of files.beta.files.list()) await files.beta.files.delete(file.id);
        return real.generate(request, call);
      },
    };
    const { key } = await h.blobs.put({ bytes: await pdfOf('pdf-gone') });
    await h.startWorker({}, { model: losing });
    const { jobId } = await h.client.enqueue('doc-note', {
      document: { mediaType: 'application/pdf', source: { type: 'blob', key } },
    });
    const record = await h.dlqRecordOf(jobId, 20_000);
    expect(record.reason).toMatchObject({
      kind: 'permanent',
      message: expect.stringMatching(
        /^The Files API lost document file file_\w+ again right after it was uploaded anew/,
      ),
    });
    expect(record.attempts).toEqual([]);
    expect(calls).toBe(2);
    expect(h.standin.stats.files.uploaded).toBe(2);
    expect(h.standin.requests).toHaveLength(0);
  });
});
