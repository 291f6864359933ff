import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryBlobStore } from '@quarry/blobs';
import { createQuarryClient, type QuarryClient } from '@quarry/client';
import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import { closeConnection, jobMemoryUsage, openQueues, redisConnection, usedMemoryBytes } from '@quarry/queue';
import { defaultRegistry } from '@quarry/workflows';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { BenchContext } from '../bench-context';
import { type LineResult, verdict } from '../bench-line';
import { quickSizes } from '../bench-sizes';
import { round } from '../stats';

/** Target: Redis bytes per waiting document job, whatever the document's size. */
const TARGET_BYTES = 2048;
const KB = 1000;
const SIZES = [100 * KB, 1000 * KB, 10_000 * KB] as const;

/** A readable one-page PDF of exactly `size` bytes (an unused uncompressed stream pads it). */
async function pdfOfSize(size: number): Promise<Uint8Array> {
  const build = async (padding: number) => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([400, 400]).drawText('Invoice 1', { x: 40, y: 350, size: 12, font });
    doc.context.register(doc.context.stream(Buffer.alloc(padding, 0x20)));
    return doc.save({ useObjectStreams: false });
  };
  const base = await build(0);
  const first = await build(Math.max(0, size - base.byteLength));
  return build(Math.max(0, size - base.byteLength - (first.byteLength - size)));
}

interface SizeRun {
  readonly documentBytes: number;
  /** `used_memory` after minus before, per job. */
  readonly usedMemoryPerJob: number;
  /** Mean `MEMORY USAGE` of the job hashes. */
  readonly jobHashBytes: number;
}

/** Enqueues `jobs` jobs with `enqueueOne` on a fresh prefix and measures what Redis holds per job. */
async function measure(options: {
  readonly redisUrl: string;
  readonly jobs: number;
  readonly documentBytes: number;
  readonly enqueueOne: (client: QuarryClient) => Promise<string>;
  readonly blobs?: DirectoryBlobStore;
}): Promise<SizeRun> {
  const prefix = uniquePrefix('bench-document-memory');
  const redis = redisConnection(options.redisUrl, { role: 'producer', connectionName: 'bench-memory' });
  const queues = openQueues({ connection: redis, config: { prefix } });
  const client = createQuarryClient({
    redisUrl: options.redisUrl,
    registry: defaultRegistry(),
    config: { prefix },
    readyTimeoutMs: 5000,
    ...(options.blobs ? { blobs: options.blobs } : {}),
  });
  try {
    // One job first: the queue's own keys (meta, events stream) exist before the measure starts.
    await options.enqueueOne(client);
    const before = await usedMemoryBytes(redis);
    const ids: string[] = [];
    for (let i = 0; i < options.jobs; i += 1) ids.push(await options.enqueueOne(client));
    const after = await usedMemoryBytes(redis);
    let hashes = 0;
    for (const jobId of ids) hashes += await jobMemoryUsage({ redis, queue: queues.queue, jobId });
    return {
      documentBytes: options.documentBytes,
      usedMemoryPerJob: round((after - before) / options.jobs, 0),
      jobHashBytes: round(hashes / ids.length, 0),
    };
  } finally {
    await client.close();
    await queues.close();
    await closeConnection(redis);
  }
}

/**
 * Line 17: Redis memory per waiting document job. Jobs refer to their PDF in the blob store, so
 * what Redis holds per job must not grow with the document: 100 KB, 1 MB and 10 MB PDFs, each
 * under 2 KiB per job (`used_memory` delta per job on a spawned Redis). Baseline: the 100 KB PDF
 * sent inline as base64 (what a job carrying its document would cost).
 */
export async function documentJobMemory(context: BenchContext): Promise<LineResult> {
  const jobs = context.sizes === quickSizes ? 50 : 200;
  const redis = await spawnRedis();
  const dir = await mkdtemp(join(tmpdir(), 'quarry-bench-blobs-'));
  const blobs = new DirectoryBlobStore({ dir, maxBytes: 32 * 1024 * 1024, timeoutMs: 60_000 });
  try {
    const runs: SizeRun[] = [];
    for (const size of SIZES) {
      const bytes = await pdfOfSize(size);
      context.log(`line 17: ${jobs} jobs with a ${size / KB} KB PDF`);
      runs.push(
        await measure({
          redisUrl: redis.url,
          jobs,
          documentBytes: bytes.byteLength,
          blobs,
          enqueueOne: async (client) => (await client.enqueueDocument({ workflow: 'invoice', bytes })).jobId,
        }),
      );
    }
    const small = Buffer.from(await pdfOfSize(SIZES[0]));
    const document = {
      mediaType: 'application/pdf',
      source: { type: 'base64', data: small.toString('base64') },
    };
    context.log(`line 17: ${jobs} jobs with the ${SIZES[0] / KB} KB PDF inline (baseline)`);
    const inline = await measure({
      redisUrl: redis.url,
      jobs,
      documentBytes: small.byteLength,
      enqueueOne: async (client) => (await client.enqueue('invoice', { document })).jobId,
    });
    // The larger of the two measures: used_memory moves with the allocator, the hash is the job itself.
    const worst = Math.max(...runs.map((run) => Math.max(run.usedMemoryPerJob, run.jobHashBytes)));
    return {
      id: 17,
      title: 'Document job memory',
      metric: `Redis bytes per waiting document job (used_memory delta or job hash, the larger), worst of 100 KB, 1 MB, 10 MB PDFs, ${jobs} jobs each`,
      quarry: worst,
      baseline: inline.usedMemoryPerJob,
      comparison: round(worst / inline.usedMemoryPerJob, 4),
      comparisonLabel: 'blob reference / 100 KB inline',
      target: `< ${TARGET_BYTES} B per job at every size`,
      status: verdict(worst, (value) => value < TARGET_BYTES),
      details: { jobs, runs, inline },
      notes: runs.map(
        (run) =>
          `${run.documentBytes / KB} KB PDF: ${run.usedMemoryPerJob} B per job (job hash ${run.jobHashBytes} B)`,
      ),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
    await redis.stop();
  }
}
