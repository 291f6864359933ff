import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { DirectoryBlobStore } from '@quarry/blobs';
import { createQuarryClient } from '@quarry/client';
import { extractPdfText } from '@quarry/documents';
import { MAX_SPLIT_PAGES } from '@quarry/queue';
import { startStandin } from '@quarry/standin';
import { createWorker, loadWorkerConfig } from '@quarry/worker';
import { loadWorkflowCatalog } from '@quarry/workflow-files';

/** What one long PDF's run gave. */
export interface LongDocumentCount {
  readonly file: string;
  readonly pages: number;
  readonly windows: number;
  readonly expected: number;
  readonly extracted: number;
  readonly dropped: number;
  readonly duplicated: number;
  readonly ok: boolean;
}

/** A workflow that lists each page by its first and last line: every page shows its own item. */
const bookletWorkflow = {
  name: 'booklet-pages',
  version: 1,
  description: 'Each page of a booklet by its first and last line of text',
  instructions: 'List every page shown: its first and its last line of text, exactly as printed.',
  output: {
    type: 'object',
    properties: {
      pages: {
        type: 'array',
        items: {
          type: 'object',
          properties: { first: { type: 'string' }, last: { type: 'string' } },
          required: ['first', 'last'],
          additionalProperties: false,
        },
      },
    },
    required: ['pages'],
    additionalProperties: false,
  },
  split: { arrayKeys: { pages: ['first', 'last'] } },
};

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0);

/**
 * Runs each real PDF of more than the platform's 100 pages end to end: enqueued through the client
 * (which takes it because the workflow may split it), split by the worker into page windows (each a
 * PDF of its own, uploaded once), read page-aware by the stand-in from each window's text layer, and
 * merged. The stand-in knows each page by its text layer's first and last line; a page dropped or
 * read twice shows in the merged list.
 */
export async function runLongDocumentCheck(options: {
  readonly pdfs: readonly string[];
  readonly redisUrl: string;
}): Promise<LongDocumentCount[]> {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-long-'));
  const blobDir = join(dir, 'blobs');
  const prefix = `{quarry-long-${process.pid}}`;
  writeFileSync(join(dir, 'booklet-pages.workflow.json'), JSON.stringify(bookletWorkflow));
  const documents = [];
  for (const path of options.pdfs) {
    const bytes = new Uint8Array(readFileSync(path));
    const text = await extractPdfText({
      bytes,
      limits: { maxPages: MAX_SPLIT_PAGES, maxTextChars: 20_000_000 },
    });
    if (text.type !== 'ok') throw new Error(`${basename(path)}: ${text.detail}`);
    const pages = text.pages.map((page) => page.text);
    const items = pages
      .map(lines)
      .flatMap((page) => (page.length > 0 ? [{ first: page[0], last: page.at(-1) }] : []));
    documents.push({ path, bytes, pages, truth: { pages: items } });
  }
  const standin = await startStandin({
    simulate: {
      corpus: documents.map(({ pages, truth }) => ({
        workflow: 'booklet-pages',
        text: pages.join('\f'),
        truth,
      })),
    },
  });
  const config = loadWorkerConfig({
    REDIS_URL: options.redisUrl,
    QUARRY_PREFIX: prefix,
    QUARRY_WORKFLOWS: dir,
    QUARRY_BLOB_DIR: blobDir,
    ANTHROPIC_API_KEY: 'corpus',
    ANTHROPIC_BASE_URL: standin.url,
    WORKER_CONCURRENCY: '4',
    LOG_LEVEL: 'silent',
  });
  const { registry } = await loadWorkflowCatalog({ paths: config.workflowFiles, cwd: process.cwd() });
  const worker = createWorker({ config, registry });
  const blobs = new DirectoryBlobStore({ dir: blobDir, maxBytes: 64 * 1024 * 1024, timeoutMs: 30_000 });
  const client = createQuarryClient({
    redisUrl: options.redisUrl,
    registry,
    config: { prefix },
    blobs,
    maxPollIntervalMs: 100,
  });
  try {
    await worker.waitUntilReady();
    const counts: LongDocumentCount[] = [];
    for (const document of documents) {
      const job = await client.enqueueDocument({
        workflow: 'booklet-pages',
        bytes: document.bytes,
        mediaType: 'application/pdf',
        input: {},
      });
      const result = await client.waitForResult(job.jobId, { timeoutMs: 300_000 });
      const expected = document.truth.pages;
      const extracted = (result.data as typeof document.truth).pages;
      const key = (item: { first?: string; last?: string }) => `${item.first}\n${item.last}`;
      const seen = new Map<string, number>();
      for (const item of extracted) seen.set(key(item), (seen.get(key(item)) ?? 0) + 1);
      const wanted = new Map<string, number>();
      for (const item of expected) wanted.set(key(item), (wanted.get(key(item)) ?? 0) + 1);
      let dropped = 0;
      let duplicated = 0;
      for (const [k, n] of wanted) dropped += Math.max(0, n - (seen.get(k) ?? 0));
      for (const [k, n] of seen) duplicated += Math.max(0, n - (wanted.get(k) ?? 0));
      counts.push({
        file: basename(document.path),
        pages: document.pages.length,
        windows: result.split?.windows ?? 1,
        expected: expected.length,
        extracted: extracted.length,
        dropped,
        duplicated,
        ok: isDeepStrictEqual(extracted, expected) && (result.split?.windows ?? 1) > 1,
      });
    }
    return counts;
  } finally {
    await client.close();
    await worker.close({ graceMs: 1000 });
    await standin.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
