import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createQuarryClient } from '@quarry/client';
import { startStandin } from '@quarry/standin';
import { createWorker, loadWorkerConfig } from '@quarry/worker';
import { loadWorkflowCatalog } from '@quarry/workflow-files';
import { parse } from 'yaml';
import { expectedOutput, type FieldbenchSchema, fieldbenchWorkflow } from './fieldbench-workflow';

/** Categories of fieldbench with one schema each, run as data workflows. */
const CATEGORIES = [
  'receipts',
  'invoices',
  'contracts',
  'medical_records',
  'sec_filings',
  'insurance_claims',
];

interface CorpusDocument {
  readonly workflow: string;
  readonly text: string;
  readonly truth: Record<string, unknown>;
}

/** Counts of one category's run. */
export interface CategoryCount {
  readonly category: string;
  readonly documents: number;
  readonly completed: number;
  readonly matched: number;
  readonly failed: number;
}

function categoryDocuments(fieldbench: string, category: string, perCategory: number) {
  const dir = join(fieldbench, category);
  const schemaFile = readdirSync(join(dir, 'schemas')).find((name) => name.endsWith('.yaml'));
  if (!schemaFile) return null;
  const schema = parse(readFileSync(join(dir, 'schemas', schemaFile), 'utf8')) as FieldbenchSchema;
  const workflow = fieldbenchWorkflow({ category, schema });
  const ids = readdirSync(join(dir, 'expected'))
    .filter((name) => name.endsWith('.expected.json'))
    .map((name) => name.replace('.expected.json', ''))
    .sort()
    .slice(0, perCategory);
  const documents: CorpusDocument[] = ids.map((id) => ({
    workflow: workflow.name as string,
    text: readFileSync(join(dir, 'documents', `${id}.md`), 'utf8'),
    truth: expectedOutput(
      schema,
      JSON.parse(readFileSync(join(dir, 'expected', `${id}.expected.json`), 'utf8')),
    ),
  }));
  return { workflow, documents };
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
  const runs = CATEGORIES.filter((category) => existsSync(join(options.fieldbench, category)))
    .map((category) => ({
      category,
      run: categoryDocuments(options.fieldbench, category, options.perCategory),
    }))
    .filter((entry) => entry.run !== null);
  for (const { run } of runs)
    writeFileSync(join(dir, `${run?.workflow.name}.workflow.json`), JSON.stringify(run?.workflow));
  const corpus = runs.flatMap(({ run }) => run?.documents ?? []);
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
    for (const { category, run } of runs)
      counts.push(await runCategory(category, run?.documents ?? [], client));
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
  documents: readonly CorpusDocument[],
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
