import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createQuarryClient, DeadLetteredError, type QuarryClient } from '@quarry/client';
import { DeadLetterWriter, DlqRecord, openQueues, type QuarryQueues } from '@quarry/queue';
import { type RecordedRequest, type Standin, type StandinReply, startStandin } from '@quarry/standin';
import { it, runProcess } from '@quarry/testing';
import { createWorker, loadWorkerConfig, type QuarryWorker } from '@quarry/worker';
import { loadWorkflowCatalog } from '@quarry/workflow-files';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect } from 'vitest';
import type { CanaryReport } from './eval/canary-report';
import { runQuarry } from './test-fixtures/cli-run';
import { seedDlqRecord } from './test-fixtures/seed-dlq-record';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const cliMain = fileURLToPath(new URL('./main.ts', import.meta.url));

/** `memo` v1 wants a numeric amount; v2 takes it as text too and flags an unsure title for review. */
const memo = (version: number) => ({
  name: 'memo',
  version,
  description: 'A title and an amount from a short memo',
  instructions: 'Extract the title and the amount.',
  maxAttempts: 2,
  output: {
    type: 'object',
    properties: {
      title: { type: 'string', minLength: 1 },
      amount: version === 1 ? { type: 'number' } : { type: ['number', 'string'] },
    },
    required: ['title', 'amount'],
  },
  rules:
    version === 1
      ? []
      : [
          {
            id: 'title-sure',
            // An escape sequence in a review reason reaches the terminal escaped.
            message: 'the title is unsure\u001b[31m',
            expression: 'title != "unsure"',
            severity: 'review',
          },
        ],
});

/** What the stand-in answers for each memo, by a word of its text; the same on every attempt. */
const answers: Readonly<Record<string, unknown>> = {
  ALPHA: { title: 'alpha', amount: '12' }, // v1: amount is no number; v2: valid
  BRAVO: { title: 'unsure', amount: '5' }, // v1: invalid; v2: valid, needs review
  CHARLIE: { title: 'charlie' }, // no amount: invalid on both
};
const memoText = (word: string) => `Memo ${word}: twelve euros`;

function script(request: RecordedRequest): StandinReply {
  const messages = JSON.stringify(request.body.messages);
  const word = Object.keys(answers).find((key) => messages.includes(memoText(key)));
  return { kind: 'json', value: word ? answers[word] : { note: 'unknown memo' } };
}

async function deadLetterOf(client: QuarryClient, jobId: string): Promise<DeadLetteredError> {
  const error = await client.waitForResult(jobId, { timeoutMs: 20_000 }).catch((e: unknown) => e);
  if (!(error instanceof DeadLetteredError))
    throw new Error(`job ${jobId} was not dead-lettered: ${String(error)}`);
  return error;
}

describe('quarry eval canary: DLQ records tried on a new workflow version, nothing replayed', {
  timeout: 180_000,
}, () => {
  let dir: string;
  let standin: Standin;
  let worker: QuarryWorker;
  let client: QuarryClient;
  let redis: Redis;
  let queues: QuarryQueues;
  let prefix: string;
  let env: Record<string, string>;

  it.beforeAll(async ({ redisUrl, filePrefix, redis: connection }) => {
    dir = await mkdtemp(join(tmpdir(), 'quarry-canary-'));
    await writeFile(join(dir, 'memo-1.workflow.json'), JSON.stringify(memo(1)));
    await writeFile(join(dir, 'memo-2.workflow.json'), JSON.stringify(memo(2)));
    prefix = filePrefix;
    redis = connection;
    env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix, QUARRY_WORKFLOWS: dir };
    standin = await startStandin({ script });
    const config = loadWorkerConfig({
      ...env,
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: standin.url,
      LOG_LEVEL: 'silent',
      WORKER_CONCURRENCY: '4',
    });
    const { registry } = await loadWorkflowCatalog({ paths: config.workflowFiles, cwd: root });
    worker = createWorker({ config, registry });
    await worker.waitUntilReady();
    client = createQuarryClient({ redisUrl, registry, config: { prefix }, maxPollIntervalMs: 100 });
    queues = openQueues({ connection, config: { prefix } });
  });
  afterAll(async () => {
    await client?.close();
    await worker?.close({ graceMs: 1000 });
    await queues?.close();
    await standin?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Every DLQ record as stored, by id. */
  const storedRecords = async (): Promise<Record<string, DlqRecord>> => {
    const jobs = await queues.dlq.getJobs([
      'waiting',
      'delayed',
      'completed',
      'failed',
      'paused',
      'prioritized',
    ]);
    return Object.fromEntries(jobs.map((job) => [job.id, DlqRecord.parse(job.data)]));
  };
  /** The production error history of `memo@version` (the unscoped one). */
  const productionHistory = (version: number) =>
    redis.zrange(`${prefix}:quarry:history:memo:v${version}:scores`, 0, -1);
  const extractionJobIds = async () =>
    (await queues.queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized']))
      .map((job) => job.id)
      .sort();

  it('reports would complete (review flagged), still fails with its reason and top issue, could not run; the records stay as they were', async () => {
    const dead: Record<string, DeadLetteredError> = {};
    for (const word of Object.keys(answers)) {
      const { jobId } = await client.enqueue('memo', { text: memoText(word) }, { version: 1 });
      dead[word] = await deadLetterOf(client, jobId);
    }
    const tired = await seedDlqRecord({
      queues,
      jobId: 'tired',
      workflow: 'memo',
      lineage: { rootJobId: 'root-t', replayOf: 'dlq-old', redriveCount: 3 },
    });
    const before = await storedRecords();
    expect(Object.keys(before)).toHaveLength(4);
    const listBefore = (await runQuarry(['dlq', 'list', '--json'], env)).stdout;
    const v1History = await productionHistory(1);
    expect(v1History.length).toBeGreaterThan(0);
    const calls = standin.requests.length;

    const run = await runProcess({
      command: tsx,
      args: [cliMain, 'eval', 'canary', '--workflow', 'memo@2', '--version', '1', '--json'],
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      timeoutMs: 120_000,
    });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as CanaryReport;
    expect(report.runId).toMatch(/^canary-memo-v2-\d{8}T\d{6}-[0-9a-f]{6}$/);
    expect(run.stderr).toContain(`eval canary ${report.runId}: 3 of 4 selected record(s) on memo@2`);
    expect(report).toMatchObject({ workflow: { name: 'memo', version: 2 }, model: null, lane: null });
    expect(report.summary).toMatchObject({
      selected: 4,
      completes: 2,
      needsReview: 1,
      fails: 1,
      notRun: 1,
      completeShare: 0.5,
    });
    const byId = Object.fromEntries(report.records.map((record) => [record.dlqId, record]));
    expect(byId[dead.ALPHA?.dlqId ?? '']).toMatchObject({
      outcome: 'completes',
      needsReview: false,
      attempts: 1,
    });
    expect(byId[dead.BRAVO?.dlqId ?? '']).toMatchObject({
      outcome: 'completes',
      needsReview: true,
      reviewReasons: [expect.stringContaining('the title is unsure')],
    });
    const charlie = byId[dead.CHARLIE?.dlqId ?? ''];
    if (charlie?.outcome !== 'fails') throw new Error(`CHARLIE did not fail: ${JSON.stringify(charlie)}`);
    expect(charlie.was).toBe(dead.CHARLIE?.reason.kind);
    expect(['validation_exhausted', 'no_progress']).toContain(charlie.reason.kind);
    expect(charlie.topIssue?.path).toBe('amount');
    expect(charlie.topIssue?.message).toMatch(/\S/);
    expect(charlie.deadLetter.removed).toBe(true);
    expect(byId[tired.dlqId]).toEqual({
      outcome: 'not_run',
      dlqId: tired.dlqId,
      why: expect.stringMatching(/^quarantined: /),
    });
    // The jobs ran on v2, as evaluation jobs of this canary, without lessons.
    const canaryJobs = await Promise.all(
      report.records
        .flatMap((record) => ('jobId' in record && record.jobId ? [record.jobId] : []))
        .map((id) => queues.queue.getJob(id)),
    );
    for (const job of canaryJobs.filter((found) => found !== undefined)) {
      expect(job.data).toMatchObject({
        workflow: 'memo',
        version: 2,
        evaluation: { runId: report.runId, lessons: 'off' },
      });
      expect(job.data.lineage).toBeUndefined();
    }
    expect(standin.requests.length).toBeGreaterThan(calls);

    // The selected records are untouched: not replayed, no lineage; the canary's own dead letter is gone.
    expect(await storedRecords()).toEqual(before);
    expect((await runQuarry(['dlq', 'list', '--json'], env)).stdout).toBe(listBefore);
    expect(await queues.queue.getJob(charlie.jobId)).toBeUndefined();
    const writer = new DeadLetterWriter({ queue: queues.dlq, keys: queues.keys });
    expect((await writer.reconcile({ sourceQueue: queues.queue, graceMs: 0 })).written).toEqual([]);
    // Production lessons and review are untouched; the canary's mistakes went to its own history.
    expect(await productionHistory(1)).toEqual(v1History);
    expect(await productionHistory(2)).toEqual([]);
    expect(
      await redis.zcard(
        `${prefix}:quarry:history:memo:v2:s:${encodeURIComponent(`eval:${report.runId}`)}:scores`,
      ),
    ).toBeGreaterThan(0);
    expect(JSON.parse((await runQuarry(['review', 'list', '--json'], env)).stdout)).toEqual([]);
    expect(await worker.review.count()).toBe(0);
    // Nor are the workflow statistics: only the production jobs of v1 are counted.
    const stats = JSON.parse(
      (await runQuarry(['workflows', 'stats', '--workflow', 'memo', '--json'], env)).stdout,
    );
    expect(stats.workflows.map((row: { version: number }) => row.version)).toEqual([1]);

    // As text: the tables, neutralised, and the records still as they were.
    const text = await runQuarry(
      ['eval', 'canary', '-w', 'memo', '--ids', `${dead.CHARLIE?.dlqId},${dead.BRAVO?.dlqId}`],
      env,
    );
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(
      /^Canary canary-memo-v2-\S+ on memo@2: 2 selected record\(s\)\n1 would complete \(1 needing review\), 1 still fail\(s\), 0 could not run: 50 % of the selected records would complete\./,
    );
    expect(text.stdout).toContain('Would complete:');
    expect(text.stdout).toContain('needs review: title-sure: the title is unsure\\u001b[31m');
    expect(text.stdout).not.toContain('\u001b');
    expect(text.stdout).toMatch(new RegExp(`${dead.CHARLIE?.dlqId}\\s+\\S+\\s+\\S+\\s+amount: `));
    expect(text.stdout).toContain("The canary's own dead letters: 1 read and removed, 0 kept.");
    expect(await storedRecords()).toEqual(before);
  });

  it('refuses bad selectors and flags naming the flag, and a down Redis; nothing is enqueued', async () => {
    const jobsBefore = await extractionJobIds();
    const recordsBefore = await storedRecords();
    for (const [args, message] of [
      [[], /--workflow <name\[@version\]> is required/],
      [['--workflow', 'no-such-workflow'], /--workflow: /],
      [['--workflow', 'memo@9'], /--workflow: .*memo/],
      [['--workflow', 'Memo Two'], /--workflow: must be a workflow name, or name@version/],
      [['--workflow', 'memo', '--version', 'x'], /--version: must be a positive integer, got "x"/],
      [['--workflow', 'memo', '--reason', 'bored'], /--reason: must be one of /],
      [['--workflow', 'memo', '--since', 'yesterday-ish'], /--since: must be /],
      [['--workflow', 'memo', '--limit', '0'], /--limit: must be a positive integer/],
      [['--workflow', 'memo', '--concurrency', '65'], /--concurrency.*1 to 64/],
      [['--workflow', 'memo', '--timeout', '0'], /--timeout.*from 1 to 172800/],
      [['--workflow', 'memo', '--lane', 'slow'], /--lane.*realtime, batch/],
      [
        ['--workflow', 'memo', '--model', 'claude-opus-9'],
        /--model: model "claude-opus-9" is not allowed for workflow "memo"/,
      ],
      [
        ['--workflow', 'memo', '--ids', 'dlq-00000000000000000000000000000000'],
        /dlq-00000000000000000000000000000000/,
      ],
    ] as const) {
      const run = await runQuarry(['eval', 'canary', ...args], env);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stderr, args.join(' ')).toMatch(message);
      expect(run.stdout, args.join(' ')).toBe('');
    }
    const down = await runQuarry(['eval', 'canary', '--workflow', 'memo'], {
      ...env,
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/^quarry eval canary: Redis at redis:\/\/127\.0\.0\.1:1 is unavailable/);
    expect(await extractionJobIds()).toEqual(jobsBefore);
    expect(await storedRecords()).toEqual(recordsBefore);
  });
});

describe('quarry eval canary: a selection over 1000 records', () => {
  it('is refused before anything is enqueued, naming the way out', async ({ redisUrl, redis, prefix }) => {
    const queues = openQueues({ connection: redis, config: { prefix } });
    try {
      for (let i = 0; i <= 1000; i += 1) await seedDlqRecord({ queues, jobId: `bulk-${i}` });
      const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };
      const run = await runQuarry(['eval', 'canary', '--workflow', 'invoice'], env);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('the selection matches 1001 records, more than the 1000 one canary tries');
      expect(run.stderr).toContain('--limit 1000 or less');
      expect(await queues.queue.count()).toBe(0);
    } finally {
      await queues.close();
    }
  });
});
