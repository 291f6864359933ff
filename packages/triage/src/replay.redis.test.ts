import { DlqRecord, findDlqIdBySource } from '@quarry/queue';
import { describe, expect } from 'vitest';
import { ReplayOptionsError } from './errors/replay-options-error';
import { SelectorError } from './errors/selector-error';
import { replayJobId } from './replay-job-id';
import { it, type SeedOptions, type TriageTestKit } from './test-fixtures/triage-test-kit';

async function storedRecord(kit: TriageTestKit, dlqId: string): Promise<DlqRecord> {
  const job = await kit.queues.dlq.getJob(dlqId);
  if (!job) throw new Error(`no DLQ job ${dlqId}`);
  return DlqRecord.parse(job.data);
}

async function extractionJobs(kit: TriageTestKit) {
  return kit.queues.queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized']);
}

/** Simulates the replay job failing again: the worker writes a DLQ record for it, linked by its job data. */
async function failAgain(kit: TriageTestKit, jobId: string, options: Partial<SeedOptions> = {}) {
  const job = await kit.queues.queue.getJob(jobId);
  if (!job) throw new Error(`no job ${jobId}`);
  return kit.seed({ jobId, data: job.data, deadLetteredAt: '2025-06-02T12:00:00.000Z', ...options });
}

describe('replayDlq', () => {
  it('adds a job carrying the original input, lineage and overrides, and marks the record replayed', async ({
    kit,
  }) => {
    const { seed, triage, queues } = kit;
    const record = await seed({ jobId: 'src-1', text: 'a note' });
    const report = await triage.replayDlq({
      selectors: { ids: [record.dlqId] },
      overrides: { model: 'claude-sonnet-4-5', maxAttempts: 5 },
    });
    const newJobId = replayJobId(record.dlqId, 1);
    expect(report).toMatchObject({
      dryRun: false,
      matched: 1,
      replayed: 1,
      skipped: [],
      failed: [],
      jobs: [{ dlqId: record.dlqId, newJobId }],
    });
    const job = await queues.queue.getJob(newJobId);
    expect(job?.name).toBe('extract');
    expect(job?.data).toEqual({
      workflow: 'note',
      version: 1,
      input: { text: 'a note' },
      overrides: { model: 'claude-sonnet-4-5', maxAttempts: 5 },
      lineage: { rootJobId: 'src-1', replayOf: record.dlqId, redriveCount: 1 },
    });
    // The queue's default job options apply (job attempts, Quarry's backoff).
    expect(job?.opts.attempts).toBe(queues.config.jobAttempts);
    const marked = await storedRecord(kit, record.dlqId);
    expect(marked.state).toBe('replayed');
    expect(marked.replay?.jobId).toBe(newJobId);
    expect(Date.parse(marked.replay?.replayedAt ?? '')).not.toBeNaN();
    expect(marked.attempts).toEqual(record.attempts);
    const { logs } = await queues.dlq.getJobLogs(record.dlqId);
    expect(logs.at(-1)).toMatch(new RegExp(`^replayed as job ${newJobId} \\(redrive 1\\) at `));
  });

  it('dry run reports the plan and changes nothing', async ({ kit }) => {
    const { seed, triage, snapshot } = kit;
    const one = await seed({ jobId: 'dry-1' });
    await seed({ jobId: 'dry-2', lineage: { rootJobId: 'r', redriveCount: 3 } });
    const before = await snapshot();
    const report = await triage.replayDlq({
      selectors: { all: true },
      dryRun: true,
      overrides: { toVersion: 'latest' },
    });
    expect(await snapshot()).toEqual(before);
    expect(report).toMatchObject({
      dryRun: true,
      matched: 2,
      replayed: 0,
      jobs: [],
      planned: [{ dlqId: one.dlqId, newJobId: replayJobId(one.dlqId, 1), workflow: 'note', version: 2 }],
    });
    expect(report.skipped.map((s) => s.reason)).toEqual(['quarantined']);
    expect(await extractionJobs(kit)).toEqual([]);
  });

  it('replays an entry once: a second replay, also a concurrent one, adds nothing', async ({ kit }) => {
    const { seed, triage, newTriage } = kit;
    const record = await seed({ jobId: 'twice' });
    const selectors = { ids: [record.dlqId] };
    const [first, second] = await Promise.all([
      triage.replayDlq({ selectors }),
      newTriage().replayDlq({ selectors }),
    ]);
    const third = await triage.replayDlq({ selectors });
    expect(first.replayed + second.replayed).toBe(1);
    expect(third).toMatchObject({ matched: 1, replayed: 0, jobs: [], failed: [] });
    expect(third.skipped).toEqual([
      {
        dlqId: record.dlqId,
        reason: 'replayed',
        why: expect.stringMatching(/^already replayed as job replay-/),
      },
    ]);
    expect((await extractionJobs(kit)).map((job) => job.id)).toEqual([replayJobId(record.dlqId, 1)]);
  });

  it('quarantines records at maxRedrives unless forced', async ({ kit }) => {
    const { seed, triage } = kit;
    const tired = await seed({
      jobId: 'tired',
      lineage: { rootJobId: 'root-t', replayOf: 'dlq-old', redriveCount: 3 },
    });
    const fresh = await seed({
      jobId: 'fresh',
      lineage: { rootJobId: 'root-f', replayOf: 'dlq-x', redriveCount: 2 },
    });
    const report = await triage.replayDlq({ selectors: { all: true } });
    expect(report.jobs).toEqual([{ dlqId: fresh.dlqId, newJobId: replayJobId(fresh.dlqId, 3) }]);
    expect(report.skipped).toEqual([
      {
        dlqId: tired.dlqId,
        reason: 'quarantined',
        why: 'quarantined: its chain was redriven 3 times (maxRedrives 3); force to replay anyway',
      },
    ]);
    expect((await triage.listDlq({ ids: [tired.dlqId] }))[0]?.state).toBe('quarantined');

    const forced = await triage.replayDlq({ selectors: { ids: [tired.dlqId] }, force: true });
    expect(forced.jobs).toEqual([{ dlqId: tired.dlqId, newJobId: replayJobId(tired.dlqId, 4) }]);
    const job = await kit.queues.queue.getJob(replayJobId(tired.dlqId, 4));
    expect(job?.data.lineage).toEqual({ rootJobId: 'root-t', replayOf: tired.dlqId, redriveCount: 4 });
  });

  it('honours a configured maxRedrives', async ({ kit }) => {
    const { seed, newTriage } = kit;
    const record = await seed({ jobId: 'once', lineage: { rootJobId: 'r', redriveCount: 1 } });
    const strict = newTriage({ maxRedrives: 1 });
    const report = await strict.replayDlq({ selectors: { ids: [record.dlqId] } });
    expect(report.skipped.map((s) => s.reason)).toEqual(['quarantined']);
  });

  it('replays to another version, validating that it exists and accepts the input', async ({ kit }) => {
    const { seed, triage, queues } = kit;
    const fits = await seed({ jobId: 'fits', text: 'long enough for v2' });
    const short = await seed({ jobId: 'short', text: 'tiny' });
    const unknown = await seed({ jobId: 'inv', workflow: 'invoice', text: 'Invoice 1' });

    const report = await triage.replayDlq({ selectors: { workflow: 'note' }, overrides: { toVersion: 2 } });
    expect(report.jobs).toEqual([{ dlqId: fits.dlqId, newJobId: replayJobId(fits.dlqId, 1) }]);
    expect(report.failed).toEqual([
      {
        dlqId: short.dlqId,
        error: 'the input does not match note@v2: input.text: text must have at least 10 characters',
      },
    ]);
    expect((await queues.queue.getJob(replayJobId(fits.dlqId, 1)))?.data.version).toBe(2);
    expect((await storedRecord(kit, short.dlqId)).state).toBe('dead');

    const missing = await triage.replayDlq({
      selectors: { ids: [unknown.dlqId] },
      overrides: { toVersion: 7 },
    });
    expect(missing.failed).toEqual([
      { dlqId: unknown.dlqId, error: 'workflow "invoice" has no version 7 (known versions: 1, 2)' },
    ]);
    const latest = await triage.replayDlq({
      selectors: { ids: [short.dlqId] },
      overrides: { toVersion: 'latest' },
    });
    expect(latest.failed).toHaveLength(1);
  });

  it('refuses invalid overrides and options before anything happens', async ({ kit }) => {
    const { seed, triage, snapshot } = kit;
    await seed({ jobId: 'x' });
    const before = await snapshot();
    const error = await triage
      .replayDlq({
        selectors: { all: true },
        overrides: { maxAttempts: 0, toVersion: 'newest' as never, model: ' ' },
        rate: -1,
        concurrency: 0,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReplayOptionsError);
    expect((error as ReplayOptionsError).problems).toEqual([
      'toVersion: must be "latest" or a positive integer',
      'model: must be a model id',
      'maxAttempts: Too small: expected number to be >=1',
      'concurrency must be an integer from 1 to 64, got 0',
      'rate must be a positive number of jobs per second, got -1',
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to replay without an explicit selection', async ({ kit }) => {
    const { seed, triage } = kit;
    await seed({ jobId: 'x' });
    await expect(triage.replayDlq({ selectors: { limit: 5 } })).rejects.toBeInstanceOf(SelectorError);
  });

  it('keeps the rate with a fake clock', async ({ kit }) => {
    const { seed, newTriage } = kit;
    let clock = 1_000_000;
    const sleeps: number[] = [];
    const triage = newTriage({
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
    });
    for (const id of ['r1', 'r2', 'r3', 'r4', 'r5']) await seed({ jobId: id });
    const startedAt: number[] = [];
    const report = await triage.replayDlq({
      selectors: { all: true },
      rate: 4,
      concurrency: 1,
      onProgress: () => startedAt.push(clock),
    });
    expect(report.replayed).toBe(5);
    expect(startedAt.map((t) => t - 1_000_000)).toEqual([0, 250, 500, 750, 1000]);
    expect(sleeps).toEqual([250, 250, 250, 250]);
    const marks = await Promise.all(
      report.jobs.map(async (job) => (await storedRecord(kit, job.dlqId)).replay?.replayedAt),
    );
    expect(marks.map((at) => Date.parse(at ?? '') - 1_000_000)).toEqual([0, 250, 500, 750, 1000]);
  });

  it('links a replay that fails again into one chain on the same root', async ({ kit }) => {
    const { seed, triage, redis, queues } = kit;
    const first = await seed({ jobId: 'root-job', deadLetteredAt: '2025-06-01T12:00:00.000Z' });
    const [{ newJobId } = { newJobId: '' }] = (await triage.replayDlq({ selectors: { ids: [first.dlqId] } }))
      .jobs;
    const second = await failAgain(kit, newJobId, { kind: 'no_progress' });
    expect(second.lineage).toEqual({ rootJobId: 'root-job', replayOf: first.dlqId, redriveCount: 1 });
    expect(await findDlqIdBySource({ redis, keys: queues.keys, sourceJobId: newJobId })).toBe(second.dlqId);

    const third = await triage.replayDlq({ selectors: { ids: [second.dlqId] } });
    const fromFirst = await triage.showDlq(first.dlqId);
    const fromSecond = await triage.showDlq(second.dlqId);
    expect(fromSecond.chain).toEqual(fromFirst.chain);
    expect(fromFirst.chain.rootJobId).toBe('root-job');
    expect(fromFirst.chain.records.map((r) => [r.dlqId, r.lineage.redriveCount, r.state])).toEqual([
      [first.dlqId, 0, 'replayed'],
      [second.dlqId, 1, 'replayed'],
    ]);
    expect(fromFirst.chain.latestJob).toEqual({ jobId: third.jobs[0]?.newJobId, state: 'waiting' });
    expect(fromFirst.chain.missing).toEqual([]);
    expect(fromSecond.record.reason.kind).toBe('no_progress');
  });

  it('prunes replayed records past their retention and keeps the rest', async ({ kit }) => {
    const { seed, newTriage, redis, queues } = kit;
    let clock = Date.parse('2025-06-10T00:00:00.000Z');
    const triage = newTriage({ now: () => clock, replayedRetentionMs: 24 * 3600 * 1000 });
    const old = await seed({ jobId: 'old' });
    const dead = await seed({ jobId: 'dead' });
    await triage.replayDlq({ selectors: { ids: [old.dlqId] } });
    clock += 2 * 24 * 3600 * 1000;
    const recent = await seed({ jobId: 'recent' });
    await triage.replayDlq({ selectors: { ids: [recent.dlqId] } });
    expect(await triage.pruneReplayed()).toEqual({ removed: [old.dlqId] });
    expect((await triage.listDlq()).map((s) => s.dlqId).sort()).toEqual([dead.dlqId, recent.dlqId].sort());
    expect(await findDlqIdBySource({ redis, keys: queues.keys, sourceJobId: 'old' })).toBeNull();
    expect(await findDlqIdBySource({ redis, keys: queues.keys, sourceJobId: 'recent' })).toBe(recent.dlqId);
  });
});
