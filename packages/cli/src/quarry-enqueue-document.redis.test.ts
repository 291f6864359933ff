import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { platformDocumentLimits } from '@quarry/core';
import { deflateBombPdf, encryptedPdf, gifHeader, manyPagesPdf, paddedPdf } from '@quarry/documents/testing';
import { openQueues } from '@quarry/queue';
import { loadSamples, renderSamplePdf } from '@quarry/samples';
import { it } from '@quarry/testing';
import { afterAll, describe, expect } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';
import { startWorkerStack } from './test-fixtures/worker-stack';

const pdf = Buffer.from(await paddedPdf(2000));
const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]);
const usageHint = 'Run "quarry enqueue --help" for usage.\n';

/**
 * `quarry enqueue --file` with a document: the type is told from the bytes (not the name), the bytes
 * go to the blob store and the job refers to them; a file that is empty, too large or of another
 * type is refused before anything is stored or enqueued.
 */
describe('quarry enqueue --file with a PDF or an image', () => {
  let dir: string;
  let blobDir: string;
  let env: Record<string, string>;

  it.beforeAll(async ({ redisUrl, filePrefix }) => {
    dir = await mkdtemp(join(tmpdir(), 'quarry-cli-doc-'));
    blobDir = join(dir, 'blobs');
    env = { REDIS_URL: redisUrl, QUARRY_PREFIX: filePrefix, QUARRY_BLOB_DIR: blobDir };
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const blobFiles = async () =>
    (await readdir(blobDir, { recursive: true })).filter((name) => /[0-9a-f]{64}$/.test(name));

  it('stores a PDF named .txt as a PDF and enqueues a blob reference', async ({ redis, filePrefix }) => {
    const file = join(dir, 'invoice.txt');
    await writeFile(file, pdf);
    const run = await runQuarry(['enqueue', '-w', 'invoice', '--file', file, '--json'], env);
    const key = `sha256:${createHash('sha256').update(pdf).digest('hex')}`;
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const printed = JSON.parse(run.stdout) as { jobId: string };
    expect(printed).toEqual({
      jobId: expect.any(String),
      workflow: 'invoice',
      version: 2,
      created: true,
      document: { key, mediaType: 'application/pdf', size: pdf.byteLength },
    });
    const queues = openQueues({ connection: redis, config: { prefix: filePrefix } });
    try {
      expect((await queues.queue.getJob(printed.jobId))?.data.input).toEqual({
        document: { mediaType: 'application/pdf', source: { type: 'blob', key } },
      });
    } finally {
      await queues.close();
    }
    expect(await blobFiles()).toEqual([join('sha256', key.slice(7, 9), key.slice(7))]);

    const plain = await runQuarry(['enqueue', '-w', 'invoice', '--file', file], env);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toMatch(
      new RegExp(
        `^stored application/pdf \\(${pdf.byteLength} bytes\\) as ${key}\\nenqueued invoice@v2 as job `,
      ),
    );
  });

  it('row 113: refuses an empty file, another type named .pdf, and a document over QUARRY_BLOB_MAX_BYTES, storing nothing', async () => {
    const empty = join(dir, 'empty.pdf');
    await writeFile(empty, '');
    const archive = join(dir, 'archive.pdf');
    await writeFile(archive, zip);
    const large = join(dir, 'large.pdf');
    await writeFile(large, Buffer.concat([pdf, Buffer.alloc(2000)]));
    const before = await blobFiles().catch(() => []);
    for (const [file, problem, extra] of [
      [empty, 'is empty (0 bytes)', {}],
      [
        archive,
        'is application/zip (.zip); quarry enqueue takes PDF, PNG, JPEG, WebP or GIF documents, or UTF-8 text',
        {},
      ],
      [
        large,
        `is a document (application/pdf) of ${pdf.byteLength + 2000} bytes; documents are at most 1024 (QUARRY_BLOB_MAX_BYTES)`,
        { QUARRY_BLOB_MAX_BYTES: '1024' },
      ],
    ] as const) {
      const run = await runQuarry(['enqueue', '-w', 'invoice', '--file', file], { ...env, ...extra });
      expect(run).toMatchObject({
        code: 1,
        stdout: '',
        stderr: `quarry enqueue: --file ${file} ${problem}\n${usageHint}`,
      });
    }
    expect(await blobFiles().catch(() => [])).toEqual(before);
  });

  it('row 129: enqueueDocument / enqueue --file of bytes claiming to be a PDF -> refuses each hostile document (exit 1) naming its problem, storing and enqueuing nothing', async ({
    redis,
    filePrefix,
  }) => {
    const cases: [string, Uint8Array, string][] = [
      ['not-a.pdf', Buffer.from('%PDF-1.7\nnot a PDF at all\n%%EOF\n'), 'the PDF cannot be read ('],
      ['truncated.pdf', pdf.subarray(0, 1000), 'the PDF is truncated (it has no %%EOF end marker)'],
      ['encrypted.pdf', await encryptedPdf('set'), 'the PDF is encrypted'],
      [
        'bomb.pdf',
        await deflateBombPdf(600 * 1024 * 1024),
        `the PDF's compressed streams decode to more than ${512 * 1024 * 1024} bytes`,
      ],
      // The invoice workflow may split a long PDF into page windows: up to 5,000 pages.
      ['long.pdf', await manyPagesPdf(10_000), 'the PDF has 10000 pages; at most 5000 are accepted'],
      ['huge.gif', gifHeader(60_000, 60_000), '60000 × 60000'],
    ];
    const queues = openQueues({ connection: redis, config: { prefix: filePrefix } });
    try {
      const blobsBefore = await blobFiles().catch(() => []);
      const jobsBefore = await queues.queue.getJobCounts();
      for (const [name, bytes, problem] of cases) {
        const file = join(dir, name);
        await writeFile(file, bytes);
        const run = await runQuarry(['enqueue', '-w', 'invoice', '--file', file], env);
        expect(run, name).toMatchObject({ code: 1, stdout: '' });
        expect(run.stderr, name).toMatch(/^quarry enqueue: document refused, nothing was enqueued: /);
        expect(run.stderr, name).toContain(problem);
      }
      expect(await blobFiles().catch(() => [])).toEqual(blobsBefore);
      expect(await queues.queue.getJobCounts()).toEqual(jobsBefore);
    } finally {
      await queues.close();
    }
  });

  it("checks a document of a job naming no model against QUARRY_MODEL's limits, else the table's strictest, for a workflow that never splits", async () => {
    // A models file that lets the default model (claude-haiku-5-5) take 2 pages of a PDF.
    const modelsFile = join(dir, 'models.json');
    const documents = { ...platformDocumentLimits, maxPdfPages: 2 };
    await writeFile(modelsFile, JSON.stringify({ 'claude-haiku-5-5': { documents } }));
    const file = join(dir, 'three-pages.pdf');
    await writeFile(file, await manyPagesPdf(3));
    const workflows = join(dir, 'workflows');
    await mkdir(workflows, { recursive: true });
    const whole = {
      name: 'note-whole',
      version: 1,
      description: 'A note, never split',
      instructions: 'Give the title.',
      output: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
      split: 'off',
    };
    await writeFile(join(workflows, 'note-whole.workflow.json'), JSON.stringify(whole));
    const withModels = { ...env, QUARRY_MODELS_FILE: modelsFile, QUARRY_WORKFLOWS: workflows };
    // A workflow that may split takes it: the worker sends it a window at a time.
    const splitting = await runQuarry(['enqueue', '-w', 'invoice', '--file', file, '--json'], withModels);
    expect(splitting.code, splitting.stderr).toBe(0);
    for (const model of [{}, { QUARRY_MODEL: 'claude-haiku-5-5' }] as Record<string, string>[]) {
      const run = await runQuarry(['enqueue', '-w', 'note-whole', '--file', file], {
        ...withModels,
        ...model,
      });
      expect(run, JSON.stringify(model)).toMatchObject({
        code: 1,
        stdout: '',
        stderr:
          'quarry enqueue: document refused, nothing was enqueued: the PDF has 3 pages; at most 2 are accepted\n',
      });
    }
    const onSonnet = await runQuarry(['enqueue', '-w', 'note-whole', '--file', file, '--json'], {
      ...withModels,
      QUARRY_MODEL: 'claude-sonnet-5-5',
    });
    expect(onSonnet.code).toBe(0);
    expect(JSON.parse(onSonnet.stdout)).toMatchObject({ created: true });
  });

  it('names a bad blob store setting before reading the file', async () => {
    const run = await runQuarry(['enqueue', '-w', 'invoice', '--file', join(dir, 'x.pdf')], {
      ...env,
      QUARRY_BLOB_STORE: 's3',
    });
    expect(run).toMatchObject({
      code: 1,
      stdout: '',
      stderr:
        'quarry enqueue: Invalid CLI configuration:\n- QUARRY_S3_BUCKET: expected a bucket name (QUARRY_BLOB_STORE is s3), but it is not set\n',
    });
  });

  it('--wait --json: a PDF invoice completes with its truth, grounded by page, uploaded once', async ({
    redisUrl,
    prefix,
  }) => {
    const [sample] = loadSamples('invoice');
    if (!sample) throw new Error('no invoice sample');
    const stack = await startWorkerStack({
      redisUrl,
      prefix,
      standin: { simulate: { corpus: [{ workflow: 'invoice', text: sample.text, truth: sample.truth }] } },
      env: { QUARRY_BLOB_DIR: blobDir },
    });
    try {
      const invoice = join(dir, 'invoice.pdf');
      await writeFile(invoice, (await renderSamplePdf({ text: sample.text, layout: 'letter-plain' })).bytes);
      const done = await runQuarry(
        ['enqueue', '-w', 'invoice', '--file', invoice, '--wait', '--timeout', '20', '--json'],
        stack.env,
      );
      expect(done.code).toBe(0);
      const output = JSON.parse(done.stdout) as { provenance: Record<string, { page?: number }> };
      expect(output).toMatchObject({ status: 'completed', data: sample.truth, needsReview: false });
      // Grounded in the PDF's text layer.
      expect(Object.keys(output.provenance).sort()).toEqual([
        'invoiceNumber',
        'issueDate',
        'total',
        'vendorName',
      ]);
      expect(Object.values(output.provenance).map((entry) => entry.page)).toEqual([1, 1, 1, 1]);
      expect(stack.standin.stats.files.uploaded).toBe(1);
    } finally {
      await stack.close();
    }
  });

  it('--wait without --json names why a result waits for review (a PDF without a text layer)', async ({
    redisUrl,
    prefix,
  }) => {
    const [sample] = loadSamples('invoice');
    if (!sample) throw new Error('no invoice sample');
    const pdf = await renderSamplePdf({ text: sample.text, layout: 'letter-outlined' });
    const stack = await startWorkerStack({
      redisUrl,
      prefix,
      standin: {
        simulate: { corpus: [{ workflow: 'invoice', text: sample.text, truth: sample.truth }] },
        // The stand-in has no OCR: it is told what the page images show.
        pageImageText: new Map([[createHash('sha256').update(pdf.bytes).digest('hex'), sample.text]]),
      },
      env: { QUARRY_BLOB_DIR: blobDir },
    });
    try {
      const scan = join(dir, 'scan.pdf');
      await writeFile(scan, pdf.bytes);
      const done = await runQuarry(
        ['enqueue', '-w', 'invoice', '--file', scan, '--wait', '--timeout', '20'],
        stack.env,
      );
      expect(done.code, done.stderr).toBe(0);
      expect(done.stderr).toMatch(
        /completed after \d+ model call\(s\), \$[\d.]+, needs review \(no_text_layer: the document has no text layer/,
      );
      expect(JSON.parse(done.stdout)).toEqual(sample.truth);
    } finally {
      await stack.close();
    }
  });
});
