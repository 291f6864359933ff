import { extractPdfText, pdfjs } from '@quarry/documents';
import { encryptedTextPdf, paddedPdf } from '@quarry/documents/testing';
import { loadSamples, renderSamplePdf } from '@quarry/samples';
import { type RecordedRequest, startStandin } from '@quarry/standin';
import { describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote } from './worker-test-harness';

const pdfOf = async (name: string, layout: 'letter-plain' | 'letter-outlined' = 'letter-plain') =>
  (await renderSamplePdf({ text: doc(name), layout })).bytes;

/** The source of the first block of a request's first message (the document). */
const documentSource = (request: RecordedRequest | undefined): unknown => {
  const first = request?.body.messages[0]?.content;
  return Array.isArray(first) ? (first[0] as { source?: unknown }).source : undefined;
};

/** The encryption filter pdf.js reports for a PDF (null: not encrypted). */
async function encryptionOf(bytes: Uint8Array): Promise<string | null> {
  const task = (await pdfjs()).getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  try {
    const { info } = await (await task.promise).getMetadata();
    return (info as { EncryptFilterName?: string | null }).EncryptFilterName ?? null;
  } finally {
    await task.destroy();
  }
}

/**
 * Document jobs (input.document): the worker reads the blob, checks it, uploads it to the Files API
 * once per content hash (shared in Redis by every worker) and references it in every attempt.
 */
describe('a document job', () => {
  it('row 131: uploads its PDF once for three attempts, and not again for another job with the same bytes', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: {
        'pdf-a': [
          { kind: 'json', value: { title: 'a', count: -1 } },
          { kind: 'json', value: { title: 'a', count: 0 } },
        ],
      },
    });
    const { key } = await h.blobs.put({ bytes: await pdfOf('pdf-a') });
    const document = { mediaType: 'application/pdf', source: { type: 'blob', key } } as const;
    await h.startWorker();

    const first = await h.client.enqueue('doc-note', { document });
    expect(await h.client.waitForResult(first.jobId, { timeoutMs: 20_000 })).toMatchObject({
      data: goodNote,
      attempts: 3,
    });
    expect(h.standin.stats.files).toMatchObject({ uploaded: 1, refused: 0 });
    const sources = h.requestsFor('pdf-a').map(documentSource);
    expect(sources).toHaveLength(3);
    const [fileSource] = sources;
    expect(fileSource).toEqual({ type: 'file', file_id: expect.stringMatching(/^file_/) });
    expect(sources).toEqual([fileSource, fileSource, fileSource]);

    const again = await h.client.enqueue('doc-note', { document });
    expect(await h.client.waitForResult(again.jobId, { timeoutMs: 20_000 })).toMatchObject({
      data: goodNote,
    });
    expect(h.standin.stats.files.uploaded).toBe(1);
    expect(documentSource(h.requestsFor('pdf-a').at(-1))).toEqual(fileSource);
  });

  it('row 132: the Files API refusing or failing a document upload -> falls back to base64 when the Files API refuses the upload, and completes', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ files: { maxTotalBytes: 1 } });
    const bytes = await pdfOf('pdf-b');
    const { key } = await h.blobs.put({ bytes });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('doc-note', {
      document: { mediaType: 'application/pdf', source: { type: 'blob', key } },
    });
    expect(await h.client.waitForResult(jobId, { timeoutMs: 20_000 })).toMatchObject({ data: goodNote });
    expect(h.standin.stats.files).toMatchObject({ uploaded: 0, refused: 1 });
    expect(documentSource(h.requestsFor('pdf-b')[0])).toEqual({
      type: 'base64',
      media_type: 'application/pdf',
      data: Buffer.from(bytes).toString('base64'),
    });
  });

  it('takes a small inline (base64) PDF the same way', async ({ testBed }) => {
    const h = await testBed.harness();
    await h.startWorker();
    const data = Buffer.from(await pdfOf('pdf-c')).toString('base64');
    const { jobId } = await h.client.enqueue('doc-note', {
      document: { mediaType: 'application/pdf', source: { type: 'base64', data } },
    });
    expect(await h.client.waitForResult(jobId, { timeoutMs: 20_000 })).toMatchObject({ data: goodNote });
    expect(h.standin.stats.files.uploaded).toBe(1);
    expect(documentSource(h.requestsFor('pdf-c')[0])).toMatchObject({ type: 'file' });
  });

  it('sends a padded PDF (8 MB, one page of text) as base64 when the Files API refuses it; the API reads it', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ files: { maxTotalBytes: 1 } });
    const bytes = await paddedPdf(8_000_000);
    const { key } = await h.blobs.put({ bytes });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('doc-note', {
      document: { mediaType: 'application/pdf', source: { type: 'blob', key } },
    });
    expect(await h.client.waitForResult(jobId, { timeoutMs: 60_000 })).toMatchObject({
      data: goodNote,
      attempts: 1,
    });
    expect(h.standin.stats.files).toMatchObject({ uploaded: 0, refused: 1 });
    const [request] = h.standin.requests;
    expect(documentSource(request)).toEqual({
      type: 'base64',
      media_type: 'application/pdf',
      data: Buffer.from(bytes).toString('base64'),
    });
  });

  it('row 149: sends a PDF encrypted for permissions only decrypted, with the same text; the blob keeps the original', async ({
    testBed,
  }) => {
    // The Files API refuses the upload: the bytes sent are in the request itself.
    const h = await testBed.harness({ files: { maxTotalBytes: 1 } });
    const bytes = await encryptedTextPdf({ lines: [doc('pdf-perm')], cipher: 'AES-128' });
    expect(await encryptionOf(bytes)).toBe('Standard');
    const { key } = await h.blobs.put({ bytes });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('doc-note', {
      document: { mediaType: 'application/pdf', source: { type: 'blob', key } },
    });
    expect(await h.client.waitForResult(jobId, { timeoutMs: 20_000 })).toMatchObject({
      data: goodNote,
      attempts: 1,
    });
    // The stand-in read the document's text (its key comes from it) in the bytes sent, which are not encrypted.
    const [request] = h.requestsFor('pdf-perm');
    const source = documentSource(request) as { type: string; data: string };
    expect(source.type).toBe('base64');
    const sent = Buffer.from(source.data, 'base64');
    expect(await encryptionOf(sent)).toBeNull();
    expect(await extractPdfText({ bytes: sent })).toEqual(await extractPdfText({ bytes }));
    expect(Buffer.from((await h.blobs.get({ key })) ?? []).equals(Buffer.from(bytes))).toBe(true);
  });

  it('row 149: uploads the decrypted form of a permission-only PDF once, and dead-letters one that needs a password', async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    const open = await encryptedTextPdf({ lines: [doc('pdf-open')], cipher: 'AES-256' });
    const locked = await encryptedTextPdf({
      lines: [doc('pdf-locked')],
      cipher: 'AES-256',
      userPassword: 'pw',
    });
    const openKey = (await h.blobs.put({ bytes: open })).key;
    const lockedKey = (await h.blobs.put({ bytes: locked })).key;
    await h.startWorker();
    const first = await h.client.enqueue('doc-note', {
      document: { mediaType: 'application/pdf', source: { type: 'blob', key: openKey } },
    });
    expect(await h.client.waitForResult(first.jobId, { timeoutMs: 20_000 })).toMatchObject({
      data: goodNote,
    });
    expect(h.standin.stats.files).toMatchObject({ uploaded: 1, refused: 0 });
    expect(documentSource(h.requestsFor('pdf-open')[0])).toMatchObject({ type: 'file' });
    const refused = await h.client.enqueue('doc-note', {
      document: { mediaType: 'application/pdf', source: { type: 'blob', key: lockedKey } },
    });
    const record = await h.dlqRecordOf(refused.jobId, 20_000);
    expect(record.reason).toEqual({
      kind: 'bad_document',
      message: 'input.document: the PDF is encrypted (password-protected); send it without encryption',
    });
    expect(record.attempts).toEqual([]);
    expect(h.requestsFor('pdf-locked')).toHaveLength(0);
  });

  it('row 111: a document job whose blob is not what it claims -> dead-letters a blob that is not a PDF, empty or missing as bad_document with no model call; the worker carries on', async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    const notPdf = await h.blobs.put({ bytes: Buffer.from('just some text, not a PDF') });
    const empty = await h.blobs.put({ bytes: new Uint8Array(0) });
    const missing = `sha256:${'ab'.repeat(32)}` as const;
    const jobs = await Promise.all(
      [notPdf.key, empty.key, missing].map((key) =>
        h.client.enqueue('doc-note', {
          document: { mediaType: 'application/pdf', source: { type: 'blob', key } },
        }),
      ),
    );
    await h.startWorker();
    const reasons = [];
    for (const { jobId } of jobs) {
      const record = await h.dlqRecordOf(jobId, 15_000);
      expect(record.attempts).toEqual([]);
      reasons.push(record.reason);
    }
    expect(reasons).toEqual([
      {
        kind: 'bad_document',
        message: 'input.document: the document claims to be application/pdf but its bytes are no known type',
      },
      { kind: 'bad_document', message: 'input.document: the document is empty (0 bytes)' },
      { kind: 'bad_document', message: `input.document: blob ${missing} is not in the blob store` },
    ]);
    expect(h.standin.requests).toHaveLength(0);

    const { jobId } = await h.client.enqueue('note', { text: doc('after') });
    expect(await h.client.waitForResult(jobId, { timeoutMs: 15_000 })).toMatchObject({ data: goodNote });
  });

  it('row 134: a url document on a loopback address -> refuses url documents on loopback and metadata addresses as bad_document, before any download or model call', async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    await h.startWorker();
    for (const url of [
      'https://127.0.0.1:1/invoice.pdf',
      'https://169.254.169.254/latest/invoice.pdf?sig=secret',
    ]) {
      const { jobId } = await h.client.enqueue('doc-note', {
        document: { mediaType: 'application/pdf', source: { type: 'url', url } },
      });
      const record = await h.dlqRecordOf(jobId, 15_000);
      expect(record.reason.kind).toBe('bad_document');
      expect(record.reason.message).toMatch(/^input\.document\.source\.url: /);
      expect(record.reason.message).not.toContain('secret');
      expect(record.attempts).toEqual([]);
    }
    expect(h.standin.requests).toHaveLength(0);
  });

  it('row 133: grounds a PDF without a text layer check-only: completed, flagged for review with no_text_layer', async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    const { key } = await h.blobs.put({ bytes: await pdfOf('pdf-d', 'letter-outlined') });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('quoted-doc-note', {
      document: { mediaType: 'application/pdf', source: { type: 'blob', key } },
    });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 20_000 });
    expect(result).toMatchObject({ data: goodNote, needsReview: true });
    expect(result.reviewReasons).toEqual([
      'no_text_layer: the document has no text layer (an image or a scan), so grounding could not check its values',
    ]);
  });

  it('grounds a PDF with a text layer page by page: provenance names the page and offsets in its text', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: { 'pdf-g': [{ kind: 'json', value: { title: 'Harbour Lights', count: 3 } }] },
    });
    const filler = Array.from({ length: 80 }, (_, index) => `line ${index + 1}`);
    const text = [doc('pdf-g'), ...filler, 'Title: Harbour Lights'].join('\n');
    const pdf = await renderSamplePdf({ text, layout: 'letter-plain' });
    expect(pdf.pages).toBeGreaterThan(1);
    const { key } = await h.blobs.put({ bytes: pdf.bytes });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('quoted-doc-note', {
      document: { mediaType: 'application/pdf', source: { type: 'blob', key } },
    });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 20_000 });
    expect(result).toMatchObject({ data: { title: 'Harbour Lights', count: 3 }, needsReview: false });
    const layer = await extractPdfText({ bytes: pdf.bytes });
    if (layer.type !== 'ok') throw new Error('no text layer');
    const title = result.provenance?.title;
    expect(title?.page).toBe(pdf.pages);
    const pageText = layer.pages[(title?.page ?? 1) - 1]?.text ?? '';
    expect(pageText.slice(title?.start, title?.end)).toContain('Harbour Lights');
  });

  it('completes a PDF rendering of an invoice sample with the sample truth', async ({ testBed }) => {
    const [sample] = loadSamples('invoice');
    if (!sample) throw new Error('no invoice sample');
    const h = await testBed.harness();
    const simulated = await startStandin({
      simulate: { corpus: [{ workflow: 'invoice', text: sample.text, truth: sample.truth }] },
    });
    try {
      const { bytes } = await renderSamplePdf({ text: sample.text, layout: 'letter-plain' });
      const { key } = await h.blobs.put({ bytes });
      await h.startWorker({ ANTHROPIC_BASE_URL: simulated.url });
      const { jobId } = await h.client.enqueue('invoice', {
        document: { mediaType: 'application/pdf', source: { type: 'blob', key } },
      });
      expect((await h.client.waitForResult(jobId, { timeoutMs: 20_000 })).data).toEqual(sample.truth);
      expect(simulated.stats.files.uploaded).toBe(1);
    } finally {
      await simulated.close();
    }
  });
});
