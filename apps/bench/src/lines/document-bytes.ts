import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryBlobStore } from '@quarry/blobs';
import { createQuarryClient } from '@quarry/client';
import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import { loadSamples, renderSamples } from '@quarry/samples';
import { type StandinScript, startStandin } from '@quarry/standin';
import { createWorker, loadWorkerConfig } from '@quarry/worker';
import { defaultRegistry } from '@quarry/workflows';
import { PDFDocument } from 'pdf-lib';
import { pino } from 'pino';
import type { BenchContext } from '../bench-context';
import { type LineResult, verdict } from '../bench-line';
import { quickSizes } from '../bench-sizes';
import { type SentBytes, startByteCountingProxy } from '../byte-counting-proxy';
import { round } from '../stats';

/** Target: the Files API path sends less than a third of what base64 in every attempt sends, per job. */
const TARGET_RATIO = 1 / 3;
const ATTEMPTS = 3;
/** The size of each PDF: a one-page scanned invoice weighs about this (a page image at 150 dpi). */
const PDF_BYTES = 100_000;

/** A rendered invoice padded to `size` bytes with an unused stream (as a page image would weigh); text layer kept. */
async function padded(bytes: Uint8Array, size: number): Promise<Uint8Array> {
  const pad = async (padding: number) => {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    doc.context.register(doc.context.stream(Buffer.alloc(padding, 0x20)));
    return doc.save({ useObjectStreams: false });
  };
  const base = await pad(0);
  return pad(Math.max(0, size - base.byteLength));
}

/**
 * The model's answers: per document, a wrong currency, then a wrong issue date (each a schema issue
 * the feedback names, different each time so the job makes progress), then the true output; so every
 * job takes exactly three attempts.
 */
function threeAttempts(
  pdfs: readonly { readonly truth: Readonly<Record<string, unknown>> }[],
): StandinScript {
  const seen = new Map<string, number>();
  return (request) => {
    const attempt = (seen.get(request.documentKey) ?? 0) + 1;
    seen.set(request.documentKey, attempt);
    const truth = pdfs[Number(request.documentKey)]?.truth;
    if (!truth) return { kind: 'error', status: 400, message: 'a document the bench did not send' };
    if (attempt === 1) return { kind: 'json', value: { ...truth, currency: 'euro' } };
    if (attempt === 2) return { kind: 'json', value: { ...truth, issueDate: 'the third of March' } };
    return { kind: 'json', value: truth };
  };
}

/** What one path measured over its jobs. */
interface PathRun {
  readonly jobs: number;
  readonly attempts: readonly number[];
  readonly sent: SentBytes;
  /** Messages API request bytes plus upload bytes, per job. */
  readonly perJob: number;
  readonly messagesPerJob: number;
}

/**
 * Runs `pdfs` as invoice jobs through a worker whose API calls go through a byte-counting proxy to
 * the stand-in, which answers each job in three attempts ({@link threeAttempts}). `filesApi: false` makes the
 * stand-in refuse uploads, so the worker sends the PDF as base64 in every attempt.
 */
async function measure(options: {
  readonly redisUrl: string;
  readonly pdfs: readonly {
    readonly bytes: Uint8Array;
    readonly truth: Readonly<Record<string, unknown>>;
  }[];
  readonly filesApi: boolean;
}): Promise<PathRun> {
  const prefix = uniquePrefix('bench-document-bytes');
  const dir = await mkdtemp(join(tmpdir(), 'quarry-bench-bytes-'));
  const standin = await startStandin({
    script: threeAttempts(options.pdfs),
    // Each document named by its index, found by the invoice number its text layer shows.
    documentKey: (document) =>
      String(options.pdfs.findIndex((pdf) => document.includes(String(pdf.truth.invoiceNumber)))),
    record: false,
    ...(options.filesApi ? {} : { files: { maxTotalBytes: 1 } }),
  });
  const proxy = await startByteCountingProxy(standin.url);
  const config = loadWorkerConfig({
    REDIS_URL: options.redisUrl,
    ANTHROPIC_API_KEY: 'bench-standin-key',
    ANTHROPIC_BASE_URL: proxy.url,
    QUARRY_PREFIX: prefix,
    QUARRY_BLOB_DIR: dir,
    WORKER_CONCURRENCY: '4',
    JOB_ATTEMPTS: '1',
    LOG_LEVEL: 'silent',
  });
  const worker = createWorker({ config, logger: pino({ level: 'silent' }) });
  const blobs = new DirectoryBlobStore({ dir, maxBytes: 32 * 1024 * 1024, timeoutMs: 60_000 });
  const client = createQuarryClient({
    redisUrl: options.redisUrl,
    registry: defaultRegistry(),
    config: { prefix },
    blobs,
    readyTimeoutMs: 5000,
  });
  try {
    await worker.waitUntilReady();
    const jobs = [];
    for (const pdf of options.pdfs)
      jobs.push(await client.enqueueDocument({ workflow: 'invoice', bytes: pdf.bytes }));
    const results = await Promise.all(
      jobs.map((job) => client.waitForResult(job.jobId, { timeoutMs: 60_000 })),
    );
    const { sent } = proxy;
    return {
      jobs: jobs.length,
      attempts: results.map((result) => result.attempts),
      sent: { ...sent },
      perJob: round((sent.messages + sent.files) / jobs.length, 0),
      messagesPerJob: round(sent.messages / jobs.length, 0),
    };
  } finally {
    await client.close();
    await worker.close({ graceMs: 1000 });
    await proxy.close();
    await standin.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Line 18: bytes sent to the API per PDF job with three attempts. Quarry uploads each PDF to the
 * Files API once and refers to it by id in every attempt; the baseline sends it as base64 in every
 * attempt (what the worker falls back to when the Files API refuses). Bytes are request bodies
 * counted on the wire by a proxy in front of the stand-in; Quarry's side includes its upload. PDFs:
 * rendered invoices padded to 100 kB, what a one-page scan weighs.
 */
export async function documentBytes(context: BenchContext): Promise<LineResult> {
  const count = context.sizes === quickSizes ? 4 : 12;
  const samples = loadSamples('invoice');
  // Renderings with a text layer (the stand-in reads them), in their layouts, padded.
  const renderings = (await renderSamples(samples))
    .filter((rendering) => rendering.textLayer)
    .slice(0, count);
  const pdfs = await Promise.all(
    renderings.map(async (rendering) => {
      const sample = samples.find((candidate) => candidate.id === rendering.sampleId);
      if (!sample) throw new Error(`rendering of an unknown sample ${rendering.sampleId}`);
      return {
        bytes: await padded(rendering.bytes, PDF_BYTES),
        truth: sample.truth as Readonly<Record<string, unknown>>,
      };
    }),
  );
  const redis = await spawnRedis();
  try {
    context.log(`line 18: ${pdfs.length} PDF jobs, Files API`);
    const files = await measure({ redisUrl: redis.url, pdfs, filesApi: true });
    context.log(`line 18: ${pdfs.length} PDF jobs, base64 in every attempt`);
    const base64 = await measure({ redisUrl: redis.url, pdfs, filesApi: false });
    // The baseline sends its PDF in every attempt and nothing else: the upload the worker tried
    // first (refused by the stand-in) is not part of it.
    const ratio = round(files.perJob / base64.messagesPerJob, 4);
    const allThree = [...files.attempts, ...base64.attempts].every((attempts) => attempts === ATTEMPTS);
    const meanPdf = round(pdfs.reduce((sum, pdf) => sum + pdf.bytes.byteLength, 0) / pdfs.length, 0);
    return {
      id: 18,
      title: 'Document bytes',
      metric: `bytes sent per PDF job with ${ATTEMPTS} attempts (Messages API request bodies + Files API upload), ${pdfs.length} invoice PDFs of ${meanPdf} B on average`,
      quarry: files.perJob,
      baseline: base64.messagesPerJob,
      comparison: ratio,
      comparisonLabel: 'Files API / base64 per attempt',
      target: `< ${round(TARGET_RATIO, 3)} (Files API path under a third of base64), every job ${ATTEMPTS} attempts`,
      status: allThree ? verdict(ratio, (value) => value < TARGET_RATIO) : 'FAIL',
      details: { meanPdfBytes: meanPdf, files, base64 },
      notes: [
        `Files API: ${files.messagesPerJob} B of Messages requests + ${round(files.sent.files / files.jobs, 0)} B upload per job`,
        `base64: ${base64.messagesPerJob} B of Messages requests per job (${base64.sent.messageRequests} requests; the refused upload attempt not counted)`,
        `Messages API bytes alone: Files API / base64 = ${round(files.messagesPerJob / base64.messagesPerJob, 4)}`,
        ...(allThree ? [] : [`attempts per job: ${[...files.attempts, ...base64.attempts].join(', ')}`]),
      ],
    };
  } finally {
    await redis.stop();
  }
}
