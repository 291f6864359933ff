import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryBlobStore } from '@quarry/blobs';
import { defaultModelTable, WorkflowRegistry } from '@quarry/core';
import { deflateBombPdf, encryptedPdf, gifHeader, manyPagesPdf, paddedPdf } from '@quarry/documents/testing';
import { openQueues, RedisUnavailableError } from '@quarry/queue';
import { it } from '@quarry/testing';
import { defaultRegistry } from '@quarry/workflows';
import { afterAll, describe, expect } from 'vitest';
import { createQuarryClient } from './create-quarry-client';
import { DocumentRejectedError } from './errors/document-rejected-error';
import { EnqueueValidationError } from './errors/enqueue-validation-error';
import { pdfOfSize, sampleDocuments } from './test-fixtures/sample-documents';

const dirs: string[] = [];
async function blobStore(maxBytes = 4 * 1024 * 1024) {
  const dir = await mkdtemp(join(tmpdir(), 'quarry-client-blobs-'));
  dirs.push(dir);
  return new DirectoryBlobStore({ dir, maxBytes, timeoutMs: 10_000 });
}
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The shipped workflows, `invoice` set never to split: its documents keep the model's own limits. */
const wholeRegistry = () =>
  new WorkflowRegistry(
    defaultRegistry()
      .list()
      .map((workflow) => (workflow.name === 'invoice' ? { ...workflow, split: 'off' as const } : workflow)),
  );

const keysOf = async (store: DirectoryBlobStore) => (await store.list({})).entries.map((entry) => entry.key);
const sha256 = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

describe('enqueueDocument', () => {
  it('stores the bytes once and enqueues a small job that refers to them', async ({
    redis,
    redisUrl,
    prefix,
  }) => {
    const blobs = await blobStore();
    const client = createQuarryClient({ redisUrl, registry: defaultRegistry(), config: { prefix }, blobs });
    const queues = openQueues({ connection: redis, config: { prefix } });
    try {
      const bytes = Buffer.from(await paddedPdf(1024 * 1024));
      const job = await client.enqueueDocument({
        workflow: 'invoice',
        bytes,
        options: { metadata: { file: 'a' } },
      });
      const key = sha256(bytes);
      expect(job).toMatchObject({
        workflow: 'invoice',
        version: 2,
        created: true,
        document: { key, mediaType: 'application/pdf', size: bytes.byteLength, stored: true },
      });
      const stored = await queues.queue.getJob(job.jobId);
      expect(stored?.data.input).toEqual({
        document: { mediaType: 'application/pdf', source: { type: 'blob', key } },
      });
      // A megabyte document, a job of a few hundred bytes: Redis never holds the document.
      const hash = await redis.hget(`${prefix}:extraction:${job.jobId}`, 'data');
      expect(Buffer.byteLength(hash ?? '')).toBeLessThan(2048);
      expect(Buffer.from((await blobs.get({ key })) ?? [])).toEqual(bytes);

      const again = await client.enqueueDocument({
        workflow: 'invoice',
        bytes,
        input: { text: 'Invoice 7' },
      });
      expect(again.document).toMatchObject({ key, stored: false });
      expect(again.jobId).not.toBe(job.jobId);
      expect((await queues.queue.getJob(again.jobId))?.data.input).toMatchObject({ text: 'Invoice 7' });
      expect(await keysOf(blobs)).toEqual([key]);
    } finally {
      await client.close();
      await queues.close();
    }
  });

  it('refuses an empty, unknown, unsupported, mislabelled or oversized document, storing and enqueuing nothing', async ({
    redis,
    redisUrl,
    prefix,
  }) => {
    const blobs = await blobStore(64 * 1024);
    const client = createQuarryClient({ redisUrl, registry: defaultRegistry(), config: { prefix }, blobs });
    try {
      await client.getStatus('warm-up');
      const before = await redis.keys(`${prefix}*`);
      const refused = async (request: Parameters<typeof client.enqueueDocument>[0]) => {
        const error = await client.enqueueDocument(request).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(DocumentRejectedError);
        const { problem, message } = error as DocumentRejectedError;
        return { problem, message };
      };
      expect(await refused({ workflow: 'invoice', bytes: new Uint8Array() })).toEqual({
        problem: 'empty',
        message: 'the document is empty (0 bytes)',
      });
      expect(await refused({ workflow: 'invoice', bytes: sampleDocuments.unknown })).toEqual({
        problem: 'unknown_type',
        message:
          "the document's type cannot be told from its bytes; Quarry takes PDF, PNG, JPEG, WebP or GIF documents",
      });
      expect(await refused({ workflow: 'invoice', bytes: sampleDocuments.zip })).toEqual({
        problem: 'unsupported_type',
        message: 'the document is application/zip (.zip); Quarry takes PDF, PNG, JPEG, WebP or GIF documents',
      });
      expect(
        await refused({ workflow: 'invoice', bytes: sampleDocuments.png, mediaType: 'application/pdf' }),
      ).toEqual({
        problem: 'type_mismatch',
        message: 'the document was given as application/pdf but its bytes are image/png',
      });
      expect(await refused({ workflow: 'invoice', bytes: pdfOfSize(64 * 1024 + 1) })).toEqual({
        problem: 'too_large',
        message: 'the document is 65537 bytes; the blob store takes at most 65536 (QUARRY_BLOB_MAX_BYTES)',
      });
      // A job that breaks the contract is refused before the bytes are stored, too.
      const invalid = await client
        .enqueueDocument({ workflow: 'payslip', bytes: sampleDocuments.pdf })
        .catch((caught: unknown) => caught);
      expect(invalid).toBeInstanceOf(EnqueueValidationError);
      expect(await keysOf(blobs)).toEqual([]);
      expect(await redis.keys(`${prefix}*`)).toEqual(before);
    } finally {
      await client.close();
    }
  });

  it('refuses each hostile document naming its problem, storing and enqueuing nothing', async ({
    redis,
    redisUrl,
    prefix,
  }) => {
    const blobs = await blobStore(8 * 1024 * 1024);
    const client = createQuarryClient({ redisUrl, registry: wholeRegistry(), config: { prefix }, blobs });
    try {
      await client.getStatus('warm-up');
      const before = await redis.keys(`${prefix}*`);
      const pdf = Buffer.from(await paddedPdf(3000));
      const cases: [string, Uint8Array, Partial<DocumentRejectedError>][] = [
        [
          'text that claims to be a PDF',
          Buffer.from('%PDF-1.7\nnot a PDF at all\n%%EOF\n'),
          {
            problem: 'bad_document',
            message: expect.stringMatching(/^the PDF cannot be read \(\w+\); it is damaged or not a PDF$/),
          },
        ],
        [
          'a truncated PDF',
          pdf.subarray(0, 1500),
          {
            problem: 'bad_document',
            message: 'the PDF is truncated (it has no %%EOF end marker)',
          },
        ],
        [
          'a PDF that needs a password',
          await encryptedPdf('set'),
          {
            problem: 'bad_document',
            message: 'the PDF is encrypted (password-protected); send it without encryption',
          },
        ],
        [
          'a deflate bomb',
          await deflateBombPdf(600 * 1024 * 1024),
          {
            problem: 'too_large',
            message: `the PDF's compressed streams decode to more than ${512 * 1024 * 1024} bytes`,
          },
        ],
        [
          'a PDF of 10,000 pages',
          await manyPagesPdf(10_000),
          {
            problem: 'too_large',
            message: 'the PDF has 10000 pages; at most 100 are accepted',
          },
        ],
        [
          'a PDF over the page limit of the model table',
          await manyPagesPdf(101),
          {
            problem: 'too_large',
            message: 'the PDF has 101 pages; at most 100 are accepted',
          },
        ],
        [
          'an image of absurd dimensions',
          gifHeader(60_000, 60_000),
          {
            problem: 'too_large',
            message: expect.stringMatching(/^.*60000 × 60000/),
          },
        ],
      ];
      for (const [name, bytes, expected] of cases) {
        const error = await client
          .enqueueDocument({ workflow: 'invoice', bytes })
          .catch((caught: unknown) => caught);
        expect(error, name).toBeInstanceOf(DocumentRejectedError);
        expect(error, name).toMatchObject(expected);
      }
      expect(await keysOf(blobs)).toEqual([]);
      expect(await redis.keys(`${prefix}*`)).toEqual(before);
      // 100 pages is within the limit.
      expect(
        (await client.enqueueDocument({ workflow: 'invoice', bytes: await manyPagesPdf(100) })).created,
      ).toBe(true);
    } finally {
      await client.close();
    }
  });

  it("takes a PDF over the model's pages for a workflow that may split it, up to 5,000 pages", async ({
    redisUrl,
    prefix,
  }) => {
    const blobs = await blobStore();
    const client = createQuarryClient({ redisUrl, registry: defaultRegistry(), config: { prefix }, blobs });
    try {
      expect(
        (await client.enqueueDocument({ workflow: 'invoice', bytes: await manyPagesPdf(101) })).created,
      ).toBe(true);
      await expect(
        client.enqueueDocument({ workflow: 'invoice', bytes: await manyPagesPdf(5001) }),
      ).rejects.toMatchObject({
        name: 'DocumentRejectedError',
        problem: 'too_large',
        message: 'the PDF has 5001 pages; at most 5000 are accepted',
      });
    } finally {
      await client.close();
    }
  });

  it("checks pages against the model table's figures for the job's model", async ({ redisUrl, prefix }) => {
    const haiku = defaultModelTable['claude-haiku-5-5'];
    if (!haiku) throw new Error('the table lost claude-haiku-5-5');
    const modelTable = {
      ...defaultModelTable,
      'claude-haiku-5-5': { ...haiku, documents: { ...haiku.documents, maxPdfPages: 2 } },
    };
    const blobs = await blobStore();
    const client = createQuarryClient({
      redisUrl,
      registry: wholeRegistry(),
      config: { prefix, allowedModels: ['claude-haiku-5-5', 'claude-sonnet-5-5'] },
      blobs,
      modelTable,
    });
    try {
      const bytes = await manyPagesPdf(3);
      const onHaiku = { overrides: { model: 'claude-haiku-5-5' } };
      await expect(
        client.enqueueDocument({ workflow: 'invoice', bytes, options: onHaiku }),
      ).rejects.toMatchObject({
        name: 'DocumentRejectedError',
        problem: 'too_large',
        message: 'the PDF has 3 pages; at most 2 are accepted',
      });
      expect(await keysOf(blobs)).toEqual([]);
      // On a model of the table with more pages, the same document is taken.
      const onSonnet = { overrides: { model: 'claude-sonnet-5-5' } };
      expect((await client.enqueueDocument({ workflow: 'invoice', bytes, options: onSonnet })).created).toBe(
        true,
      );
    } finally {
      await client.close();
    }
  });

  it("row 138: enqueueDocument / enqueue --file of a 3-page PDF for a job and workflow naming no model -> checks a job that names no model against the workers' default model, else the table's strictest figures", async ({
    redisUrl,
    prefix,
  }) => {
    const haiku = defaultModelTable['claude-haiku-5-5'];
    if (!haiku) throw new Error('the table lost claude-haiku-5-5');
    // The default model (QUARRY_MODEL's default) takes 2 pages, every other one 100.
    const modelTable = {
      ...defaultModelTable,
      'claude-haiku-5-5': { ...haiku, documents: { ...haiku.documents, maxPdfPages: 2 } },
    };
    const blobs = await blobStore();
    const clientWith = (defaultModel?: string) =>
      createQuarryClient({
        redisUrl,
        registry: wholeRegistry(),
        config: { prefix },
        blobs,
        modelTable,
        ...(defaultModel ? { defaultModel } : {}),
      });
    const bytes = await manyPagesPdf(3);
    const overLimit = {
      name: 'DocumentRejectedError',
      problem: 'too_large',
      message: 'the PDF has 3 pages; at most 2 are accepted',
    };
    for (const defaultModel of [undefined, 'claude-haiku-5-5']) {
      const client = clientWith(defaultModel);
      try {
        await expect(
          client.enqueueDocument({ workflow: 'invoice', bytes }),
          String(defaultModel),
        ).rejects.toMatchObject(overLimit);
      } finally {
        await client.close();
      }
    }
    expect(await keysOf(blobs)).toEqual([]);
    const onSonnet = clientWith('claude-sonnet-5-5');
    try {
      expect((await onSonnet.enqueueDocument({ workflow: 'invoice', bytes })).created).toBe(true);
    } finally {
      await onSonnet.close();
    }
  });

  it("row 115: a document whose job's add fails (Redis down) -> leaves no job and stores nothing (the mark comes before the put)", async () => {
    const blobs = await blobStore();
    const client = createQuarryClient({
      redisUrl: 'redis://127.0.0.1:1',
      registry: defaultRegistry(),
      readyTimeoutMs: 300,
      blobs,
    });
    try {
      const error = await client
        .enqueueDocument({ workflow: 'invoice', bytes: sampleDocuments.pdf })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RedisUnavailableError);
      expect(await keysOf(blobs)).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('needs a blob store', async ({ redisUrl, prefix }) => {
    const client = createQuarryClient({ redisUrl, registry: defaultRegistry(), config: { prefix } });
    try {
      await expect(
        client.enqueueDocument({ workflow: 'invoice', bytes: sampleDocuments.pdf }),
      ).rejects.toThrow('enqueueDocument needs a blob store: pass `blobs` to createQuarryClient');
    } finally {
      await client.close();
    }
  });
});

describe('enqueue with an inline document', () => {
  it('row 112: an inline base64 document over QUARRY_INLINE_DOCUMENT_MAX_BYTES -> takes base64 up to QUARRY_INLINE_DOCUMENT_MAX_BYTES decoded and refuses more, naming the size', async ({
    redisUrl,
    prefix,
  }) => {
    const client = createQuarryClient({
      redisUrl,
      registry: defaultRegistry(),
      config: { prefix, limits: { inlineDocumentMaxBytes: 64 } },
    });
    try {
      const inline = (bytes: Buffer) => ({
        document: {
          mediaType: 'application/pdf' as const,
          source: { type: 'base64' as const, data: bytes.toString('base64') },
        },
      });
      expect((await client.enqueue('invoice', inline(pdfOfSize(64)))).created).toBe(true);
      const error = await client.enqueue('invoice', inline(pdfOfSize(65))).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(EnqueueValidationError);
      expect((error as EnqueueValidationError).problems).toEqual([
        {
          path: 'input.document.source.data',
          message:
            'is 65 bytes decoded; inline documents are at most 64 (QUARRY_INLINE_DOCUMENT_MAX_BYTES): store it as a blob instead',
        },
      ]);
    } finally {
      await client.close();
    }
  });
});
