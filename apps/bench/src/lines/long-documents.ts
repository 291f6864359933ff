import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryBlobStore } from '@quarry/blobs';
import { createQuarryClient, DeadLetteredError } from '@quarry/client';
import {
  type AnyWorkflow,
  defineWorkflow,
  extractDefaults,
  modelSpecOf,
  type Usage,
  WorkflowRegistry,
} from '@quarry/core';
import { textTable } from '@quarry/env';
import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import type { SplitReport } from '@quarry/queue';
import { LedgerStatement, type LongTableDocument, ledgerWorkflow, longTableDocument } from '@quarry/samples';
import { startStandin } from '@quarry/standin';
import { createWorker, loadWorkerConfig } from '@quarry/worker';
import type { BenchContext } from '../bench-context';
import type { LineResult } from '../bench-line';
import { quickSizes } from '../bench-sizes';
import { type RowTally, tallyRows } from '../row-tally';
import { round } from '../stats';

/** Document sizes in pages (rows ∝ pages: `longTableDocument`'s 7.5 rows a page). */
const PAGES = [10, 25, 50, 100, 200, 400] as const;
const QUICK_PAGES = [10, 50, 200] as const;
/** A statement run on both sides before the measured sizes, its figures dropped (long enough to split). */
const WARM_UP_PAGES = 20;
/** Children in flight: the worker's concurrency. */
const CONCURRENCY = 8;
/** How long one job may take before the bench gives up on it (a 400-page split takes seconds). */
const JOB_TIMEOUT_MS = 120_000;
/** Bytes a stored PDF may have (a 400-page statement is about 0.5 MB). */
const BLOB_MAX_BYTES = 32 * 1024 * 1024;

/** The ledger workflow never split: the whole document in one call, the baseline. */
const ledgerWhole = defineWorkflow({ ...ledgerWorkflow, name: 'ledger-whole', split: 'off' });

/** One job's outcome: its rows against the statement's, what it cost and how long it took. */
interface SideRun {
  readonly outcome: 'completed' | 'dead_lettered';
  /** The DLQ reason kind when dead-lettered. */
  readonly reason: string | null;
  readonly rows: RowTally;
  /** Model calls (attempts) the job made, children's summed. */
  readonly calls: number;
  /** USD the job cost (a dead-lettered job's attempts included); null when unpriced or unknown. */
  readonly costUsd: number | null;
  /** Tokens the job's calls used; null when a dead letter's record was not there to read. */
  readonly usage: Usage | null;
  readonly wallMs: number;
  readonly split: SplitReport | null;
}

/** A size's figures: the split job, and the whole-document call where the pages allow one. */
interface SizeRun {
  readonly pages: number;
  readonly split: SideRun;
  readonly whole: SideRun | null;
}

/**
 * Runs the statement's PDF as one job of `workflow` on a stand-in and a worker of its own (each
 * side starts with the stand-in's prompt cache empty, and no other statement's pages can answer
 * for it), and waits for its result or its dead letter.
 */
async function runSide(options: {
  readonly context: BenchContext;
  readonly redisUrl: string;
  readonly blobDir: string;
  readonly workflow: AnyWorkflow;
  readonly document: LongTableDocument;
}): Promise<SideRun> {
  const { context, document } = options;
  const standin = await startStandin({
    simulate: { corpus: [{ workflow: ledgerWorkflow.name, text: document.text, truth: document.truth }] },
    seed: 1,
    record: false,
    models: context.models,
  });
  const prefix = uniquePrefix('bench-long');
  const registry = new WorkflowRegistry([options.workflow]);
  const blobs = new DirectoryBlobStore({ dir: options.blobDir, maxBytes: BLOB_MAX_BYTES, timeoutMs: 60_000 });
  const worker = createWorker({
    config: loadWorkerConfig({
      REDIS_URL: options.redisUrl,
      ANTHROPIC_API_KEY: 'bench',
      ANTHROPIC_BASE_URL: standin.url,
      QUARRY_PREFIX: prefix,
      QUARRY_BLOB_DIR: options.blobDir,
      WORKER_CONCURRENCY: String(CONCURRENCY),
      LOG_LEVEL: 'silent',
    }),
    registry,
    models: context.models,
  });
  const client = createQuarryClient({
    redisUrl: options.redisUrl,
    registry,
    config: { prefix },
    readyTimeoutMs: 5000,
    maxPollIntervalMs: 50,
  });
  const expected = document.truth.rows.map((row) => row.description);
  try {
    await worker.waitUntilReady();
    const started = Date.now();
    const { key } = await blobs.put({ bytes: document.pdf });
    const { jobId } = await client.enqueue(options.workflow.name, {
      document: { mediaType: 'application/pdf', source: { type: 'blob', key } },
    });
    try {
      const result = await client.waitForResult(jobId, { timeoutMs: JOB_TIMEOUT_MS });
      const wallMs = Date.now() - started;
      const data = LedgerStatement.parse(result.data);
      return {
        outcome: 'completed',
        reason: null,
        rows: tallyRows({ expected, extracted: data.rows.map((row) => row.description) }),
        calls: result.attempts,
        costUsd: result.costUsd,
        usage: result.usage,
        wallMs,
        split: result.split ?? null,
      };
    } catch (error) {
      if (!(error instanceof DeadLetteredError)) throw error;
      const totals = error.record?.totals;
      return {
        outcome: 'dead_lettered',
        reason: error.reason.kind,
        rows: tallyRows({ expected, extracted: null }),
        calls: totals?.modelCalls ?? 0,
        costUsd: totals?.costUsd ?? null,
        usage: totals
          ? {
              inputTokens: totals.inputTokens,
              outputTokens: totals.outputTokens,
              cacheReadInputTokens: totals.cacheReadInputTokens,
              cacheCreationInputTokens: totals.cacheCreationInputTokens,
            }
          : null,
        wallMs: Date.now() - started,
        split: null,
      };
    }
  } finally {
    await client.close();
    await worker.close({ graceMs: 1000 });
    await standin.close();
  }
}

/** One size: the split job, then the whole-document call when `whole`. */
async function runSize(options: {
  readonly context: BenchContext;
  readonly redisUrl: string;
  readonly blobDir: string;
  readonly pages: number;
  readonly whole: boolean;
}): Promise<SizeRun> {
  const { context, pages } = options;
  const document = await longTableDocument({ pages });
  const side = { context, redisUrl: options.redisUrl, blobDir: options.blobDir, document };
  const split = await runSide({ ...side, workflow: ledgerWorkflow });
  context.log(`line 21: ${pages} pages split: ${describeSide(split)}`);
  const whole = options.whole ? await runSide({ ...side, workflow: ledgerWhole }) : null;
  if (whole) context.log(`line 21: ${pages} pages whole: ${describeSide(whole)}`);
  return { pages, split, whole };
}

const describeSide = (side: SideRun): string =>
  `${side.outcome === 'completed' ? 'completed' : `dead-lettered (${side.reason})`}, ${side.rows.extracted}/${side.rows.expected} rows, ${side.rows.dropped} dropped, ${side.rows.duplicated} duplicated, ${side.calls} calls, ${side.wallMs} ms`;

/** Rows lost by a side: dropped plus duplicated. */
const lost = (side: SideRun): number => side.rows.dropped + side.rows.duplicated;
const perPage = (value: number | null, pages: number, digits: number): number | null =>
  value === null ? null : round(value / pages, digits);

/** A size's figures as the results file and the notes give them. */
function sideFigures(side: SideRun, pages: number) {
  return {
    outcome: side.outcome,
    reason: side.reason,
    ...side.rows,
    calls: side.calls,
    usage: side.usage,
    costUsd: side.costUsd === null ? null : round(side.costUsd, 6),
    costPerPageUsd: perPage(side.costUsd, pages, 7),
    wallMs: side.wallMs,
    wallPerPageMs: round(side.wallMs / pages, 2),
    children: side.split?.children ?? 0,
    windows: side.split?.windows ?? null,
    duplicatesRemoved: side.split?.merged.duplicatesRemoved ?? 0,
    conflicts: side.split?.merged.conflicts.length ?? 0,
    reasons: side.split?.reasons ?? [],
  };
}

const cell = (value: number | null): string => (value === null ? '—' : String(value));

/**
 * The sizes side by side, split / whole in each cell, as lines of a text table: "—" where the
 * whole call could not run (over the PDF page limit), "DLQ" beside a dead-lettered side's figures.
 */
function sizeTable(runs: readonly SizeRun[]): string[] {
  const pair = (run: SizeRun, figure: (side: SideRun) => string) =>
    `${figure(run.split)} / ${run.whole ? figure(run.whole) : '—'}`;
  const rows = runs.map((run) => {
    const f = (side: SideRun) => sideFigures(side, run.pages);
    const extracted = (side: SideRun) =>
      side.outcome === 'dead_lettered' ? `${side.rows.extracted} (DLQ)` : String(side.rows.extracted);
    return [
      String(run.pages),
      String(run.split.rows.expected),
      pair(run, extracted),
      pair(run, (side) => String(side.rows.dropped)),
      pair(run, (side) => String(side.rows.duplicated)),
      pair(run, (side) => cell(f(side).costPerPageUsd)),
      pair(run, (side) => String(f(side).wallPerPageMs)),
      pair(run, (side) => String(f(side).children)),
      pair(run, (side) => String(f(side).duplicatesRemoved)),
    ];
  });
  return textTable({
    head: [
      'pages',
      'rows',
      'extracted s/w',
      'dropped s/w',
      'duplicated s/w',
      'USD/page s/w',
      'ms/page s/w',
      'children s/w',
      'dups removed s/w',
    ],
    rows,
    separator: ' | ',
    headRule: true,
    maxWidth: 40,
  }).split('\n');
}

/**
 * Line 21: long statements (10 to 400 pages of a table, 7.5 rows a page, as PDFs) through a worker
 * against the stand-in, each as one split job (the `ledger` workflow: page windows merged by each
 * row's description and amount) and, up to the model's PDF page limit, as one whole-document call
 * (`ledger-whole`, `split: 'off'`), whose answer the stand-in cuts at `max_tokens` as a model
 * would. Rows are compared by description (unique in a statement). PASS when the split job drops
 * and duplicates no row at any size.
 */
export async function longDocuments(context: BenchContext): Promise<LineResult> {
  const sizes = context.sizes === quickSizes ? QUICK_PAGES : PAGES;
  // The worker's model: the default (no QUARRY_MODEL), as the ledger workflow names none.
  const model = modelSpecOf(ledgerWorkflow.model ?? extractDefaults.modelId, context.models);
  const maxPdfPages = model?.documents.maxPdfPages ?? 100;
  const redis = await spawnRedis();
  const blobDir = await mkdtemp(join(tmpdir(), 'quarry-bench-long-'));
  try {
    // Loads what the first job would otherwise pay for (PDF reading, the SDK, the worker's modules).
    await runSize({ context, redisUrl: redis.url, blobDir, pages: WARM_UP_PAGES, whole: true });
    const runs: SizeRun[] = [];
    for (const pages of sizes) {
      runs.push(await runSize({ context, redisUrl: redis.url, blobDir, pages, whole: pages <= maxPdfPages }));
    }
    const worstSplit = Math.max(...runs.map((run) => lost(run.split)));
    const wholeRuns = runs.flatMap((run) => (run.whole ? [{ pages: run.pages, whole: run.whole }] : []));
    const worstWhole = wholeRuns.length ? Math.max(...wholeRuns.map((run) => lost(run.whole))) : null;
    const ratios = runs.flatMap((run) => {
      const split = run.split.costUsd;
      const whole = run.whole?.costUsd ?? null;
      if (!run.whole || split === null || whole === null || whole === 0) return [];
      const deadLettered = run.whole.outcome === 'dead_lettered' ? ', whole dead-lettered' : '';
      return [`${run.pages} pages ${round(split / whole, 3)}${deadLettered}`];
    });
    const passes = runs.every((run) => run.split.rows.dropped === 0 && run.split.rows.duplicated === 0);
    return {
      id: 21,
      title: 'Long documents',
      metric: `worst rows dropped + duplicated over ${sizes.join(', ')}-page PDF statements (whole up to ${maxPdfPages} pages)`,
      quarry: worstSplit,
      baseline: worstWhole,
      comparison: worstWhole === null ? null : worstSplit - worstWhole,
      comparisonLabel: 'split − whole (rows lost)',
      target: '0 dropped and 0 duplicated at every size',
      status: passes ? 'PASS' : 'FAIL',
      details: {
        sizes,
        rowsPerPage: 7.5,
        concurrency: CONCURRENCY,
        maxPdfPages,
        maxTokens: extractDefaults.maxTokens,
        maxTokensCap: extractDefaults.maxTokensCap,
        runs: runs.map((run) => ({
          pages: run.pages,
          split: sideFigures(run.split, run.pages),
          whole: run.whole ? sideFigures(run.whole, run.pages) : null,
        })),
      },
      notes: [
        'split (s) / whole (w) per size:',
        ...sizeTable(runs),
        `model calls, split / whole: ${runs.map((run) => `${run.pages} pages ${run.split.calls} / ${run.whole ? run.whole.calls : '—'}`).join('; ')} (a whole answer cut at max_tokens is asked again with max_tokens doubled, up to ${extractDefaults.maxTokensCap})`,
        `cost per page, split / whole: ${ratios.length ? ratios.join('; ') : 'no size where both ran'}`,
      ],
    };
  } finally {
    await rm(blobDir, { recursive: true, force: true });
    await redis.stop();
  }
}
