import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createQuarryClient } from '@quarry/client';
import { startStandin } from '@quarry/standin';
import { createWorker, loadWorkerConfig } from '@quarry/worker';
import { loadWorkflowCatalog } from '@quarry/workflow-files';
import {
  type FieldbenchDocument,
  loadFieldbenchCategories,
  writeFieldbenchWorkflows,
} from './fieldbench-categories';

/** Counts of one category's run. */
export interface CategoryCount {
  readonly category: string;
  readonly documents: number;
  readonly completed: number;
  readonly matched: number;
  readonly failed: number;
}

/**
 * Loads fieldbench category schemas as data workflows (written to a temporary directory and read
 * through `QUARRY_WORKFLOWS`), and runs their documents end to end through a worker on the stand-in,
 * whose model answers each document's expected output. Resolves to the counts per category.
 */
export async function runCorpusCheck(options: {
  readonly fieldbench: string;
  readonly redisUrl: string;
  readonly perCategory: number;
}): Promise<CategoryCount[]> {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-corpus-'));
  const prefix = `{quarry-corpus-${process.pid}}`;
  const categories = loadFieldbenchCategories(options);
  writeFieldbenchWorkflows(dir, categories);
  const corpus = categories.flatMap(({ documents }) =>
    documents.map(({ workflow, text, truth }) => ({ workflow, text, truth })),
  );
  const standin = await startStandin({ simulate: { corpus } });
  const env = { REDIS_URL: options.redisUrl, QUARRY_PREFIX: prefix, QUARRY_WORKFLOWS: dir };
  const config = loadWorkerConfig({
    ...env,
    ANTHROPIC_API_KEY: 'corpus',
    ANTHROPIC_BASE_URL: standin.url,
    LOG_LEVEL: 'silent',
  });
  const { registry } = await loadWorkflowCatalog({ paths: config.workflowFiles, cwd: process.cwd() });
  const worker = createWorker({ config, registry });
  const client = createQuarryClient({
    redisUrl: options.redisUrl,
    registry,
    config: { prefix },
    maxPollIntervalMs: 100,
  });
  try {
    await worker.waitUntilReady();
    const counts: CategoryCount[] = [];
    for (const { category, documents } of categories)
      counts.push(await runCategory(category, documents, client));
    return counts;
  } finally {
    await client.close();
    await worker.close({ graceMs: 1000 });
    await standin.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runCategory(
  category: string,
  documents: readonly FieldbenchDocument[],
  client: ReturnType<typeof createQuarryClient>,
): Promise<CategoryCount> {
  let completed = 0;
  let matched = 0;
  let failed = 0;
  const jobs = await Promise.all(
    documents.map(async (document) => ({
      document,
      job: await client.enqueue(document.workflow, { text: document.text }),
    })),
  );
  for (const { document, job } of jobs) {
    try {
      const result = await client.waitForResult(job.jobId, { timeoutMs: 60_000 });
      completed++;
      if (isDeepStrictEqual(result.data, document.truth)) matched++;
    } catch {
      failed++;
    }
  }
  return { category, documents: documents.length, completed, matched, failed };
}
