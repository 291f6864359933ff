import { DeadLetteredError } from '@quarry/client';
import { quarryKeys, WorkflowStatsStore } from '@quarry/queue';
import { renderSamplePdf } from '@quarry/samples';
import type { RecordedRequest } from '@quarry/standin';
import { describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote, type WorkerHarness } from './worker-test-harness';

/**
 * Evaluation jobs (`evaluation` in the job data, what `quarry eval run` enqueues): run through the
 * same queue and workers as production, but kept apart from it: their own error history, no review
 * index, no workflow statistics; they dead-letter like any job.
 */

const SIGNATURE = 'rule:count:count-positive';
const negative = { kind: 'json', value: { title: 'groceries', count: -1 } } as const;
/** A `reviewed-note` reply: the title with its quote, the count ungrounded. */
const quoted = (title: string, quote: string) =>
  ({ kind: 'json', value: { _evidence: { title: quote }, title, count: 3 } }) as const;

/** Everything after the document in a request's first user message: where lessons go. */
const lessonsPart = (request: RecordedRequest | undefined): string => {
  const first = request?.body.messages[0];
  if (!first || typeof first.content === 'string') return '';
  return JSON.stringify(first.content.slice(1));
};

/** Signatures recorded in the `note@2` history under `scope` (none: the unscoped production history). */
const signaturesIn = async (h: WorkerHarness, scope?: string): Promise<string[]> => {
  const base = `${h.prefix}:quarry:history:note:v2${scope === undefined ? '' : `:s:${encodeURIComponent(scope)}`}`;
  return h.redis.zrange(`${base}:scores`, 0, -1);
};

interface RunOptions {
  readonly evaluation?: { runId: string; itemId: string; lessons?: 'on' | 'off' };
  readonly historyScope?: string;
  readonly version?: number;
}

/** Enqueues a `note` job on document `name` and waits for its result. */
const runNote = async (h: WorkerHarness, name: string, options: RunOptions = {}) => {
  const { jobId } = await h.client.enqueue('note', { text: doc(name) }, options);
  return { jobId, result: await h.client.waitForResult(jobId, { timeoutMs: 15_000 }) };
};

describe('evaluation jobs (real Redis, SDK against the stand-in)', () => {
  it('row 160: a hand-written job with a bad evaluation (run id, unknown field, lessons value) -> dead-lettered as invalid_payload naming each path, no model call; the worker carries on', async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    const raw = await h.rawQueue().add(
      'extract',
      {
        workflow: 'note',
        input: { text: doc('bad') },
        evaluation: { runId: 'run 1', itemId: 'bad', lessons: 'maybe', scope: 'x' },
      },
      { attempts: 3 },
    );
    await h.startWorker();
    const record = await h.dlqRecordOf(raw.id as string);
    expect(record.reason.kind).toBe('invalid_payload');
    expect(record.reason.message).toBe(
      'The job data breaks the job contract: evaluation.runId: must be a run id: 1-64 letters, digits, - or _; evaluation.lessons: must be "on" or "off"; evaluation: Unrecognized key: "scope"',
    );
    expect(record.attempts).toEqual([]);
    expect(h.requestsFor('bad')).toEqual([]);

    const { result } = await runNote(h, 'after', { evaluation: { runId: 'run-1', itemId: 'after' } });
    expect(result).toMatchObject({ data: goodNote });
    expect(await h.dlqCount()).toBe(1);
  });

  it("row 161: an evaluation job's wrong first answer -> recorded under `eval:<runId>` only, whatever its `historyScope`; production jobs afterwards are shown no lesson of it", async ({
    testBed,
  }) => {
    const h = await testBed.harness({ plan: { teach: [negative] }, env: { WORKER_CONCURRENCY: '1' } });
    await h.startWorker();
    const evaluation = { runId: 'run-1', itemId: 'teach' };

    const { result } = await runNote(h, 'teach', { evaluation, historyScope: 'tenant-a' });
    expect(result).toMatchObject({ data: goodNote, attempts: 2 });
    expect(await signaturesIn(h, 'eval:run-1')).toEqual([SIGNATURE]);
    expect(await signaturesIn(h)).toEqual([]);
    expect(await signaturesIn(h, 'tenant-a')).toEqual([]);

    await runNote(h, 'production');
    await runNote(h, 'production-a', { historyScope: 'tenant-a' });
    expect(lessonsPart(h.requestsFor('production')[0])).not.toContain(SIGNATURE);
    expect(lessonsPart(h.requestsFor('production-a')[0])).not.toContain(SIGNATURE);
    // Another run starts from a history of its own too.
    await runNote(h, 'other-run', { evaluation: { runId: 'run-2', itemId: 'other' } });
    expect(lessonsPart(h.requestsFor('other-run')[0])).not.toContain(SIGNATURE);
    // The check can fail: a job of the same run is shown the lesson.
    await runNote(h, 'same-run', { evaluation: { runId: 'run-1', itemId: 'same' } });
    expect(lessonsPart(h.requestsFor('same-run')[0])).toContain(SIGNATURE);
  });

  it("row 162: a second job of an evaluation run -> shown the run's lesson with lessons on, none with lessons off; mistakes are recorded either way", async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: { teach: [negative], 'teach-off': [negative] },
      env: { WORKER_CONCURRENCY: '1' },
    });
    await h.startWorker();
    await runNote(h, 'teach', { evaluation: { runId: 'run-1', itemId: 'teach' } });

    await runNote(h, 'on', { evaluation: { runId: 'run-1', itemId: 'on', lessons: 'on' } });
    const lessons = lessonsPart(h.requestsFor('on')[0]);
    expect(lessons).toContain(SIGNATURE);
    expect(lessons).toContain('count must be positive');
    await runNote(h, 'off', { evaluation: { runId: 'run-1', itemId: 'off', lessons: 'off' } });
    expect(lessonsPart(h.requestsFor('off')[0])).not.toContain(SIGNATURE);

    // A run with lessons off still records its mistakes under its own scope.
    await runNote(h, 'teach-off', { evaluation: { runId: 'run-off', itemId: 'teach', lessons: 'off' } });
    expect(await signaturesIn(h, 'eval:run-off')).toEqual([SIGNATURE]);
    expect(await signaturesIn(h)).toEqual([]);
  });

  it('row 163: an evaluation job that ends needing review -> not put in the review index; its result still carries needsReview and the reasons', async ({
    testBed,
  }) => {
    const weak = (name: string) => [
      quoted('bananas', 'A note about bananas'),
      quoted(name, `A note about ${name}`),
    ];
    const h = await testBed.harness({ plan: { weak: weak('weak'), control: weak('control') } });
    const worker = await h.startWorker();
    const reason =
      'grounding: title: confidence 0.64 is below 0.9 (exact match, failed grounding in 1 earlier attempt, 50 % of attempts agree)';

    const evaluation = { runId: 'run-1', itemId: 'weak' };
    const job = await h.client.enqueue('reviewed-note', { text: doc('weak') }, { evaluation });
    const result = await h.client.waitForResult(job.jobId, { timeoutMs: 15_000 });
    expect(result).toMatchObject({ needsReview: true, reviewReasons: [reason] });
    expect(await worker.review.get(job.jobId)).toBeNull();
    expect(await worker.review.count()).toBe(0);

    // The same result of a production job is put in the index.
    const control = await h.client.enqueue('reviewed-note', { text: doc('control') });
    await h.client.waitForResult(control.jobId, { timeoutMs: 15_000 });
    expect((await worker.review.get(control.jobId))?.reasons).toEqual([reason]);
    expect(await worker.review.count()).toBe(1);
  });

  it('row 164: evaluation jobs, first attempts failed or not -> the workflow statistics (workflows stats, dashboard overview) stay as production jobs left them', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ plan: { 'eval-fix': [negative], 'eval-v1': [negative] } });
    const worker = await h.startWorker();
    const store = new WorkflowStatsStore({ redis: h.redis, keys: quarryKeys({ prefix: h.prefix }) });

    for (const [name, version] of [
      ['eval-ok', 2],
      ['eval-fix', 2],
      ['eval-v1', 1],
    ] as const) {
      await runNote(h, name, { version, evaluation: { runId: 'run-1', itemId: name } });
    }
    await runNote(h, 'production');
    // Closing writes every count still held in memory.
    await worker.close();

    expect(await store.list(3_600_000)).toEqual([{ workflow: 'note', version: 2 }]);
    expect(await store.read({ workflow: 'note', version: 2 }, 3_600_000)).toMatchObject({
      firstAttempts: 1,
      firstAttemptFailures: 0,
      calls: 1,
      validJobs: 1,
    });
  });

  it('row 165: an evaluation job that fails for good -> dead-lettered like any job, its DLQ record keeping evaluation.runId and the lessons of its run', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: { teach: [negative], fail: [negative, negative, negative] },
      env: { WORKER_CONCURRENCY: '1' },
    });
    const worker = await h.startWorker();
    const evaluation = { runId: 'run-1', itemId: 'fail', lessons: 'on' } as const;
    await runNote(h, 'teach', { evaluation: { runId: 'run-1', itemId: 'teach' } });

    const { jobId } = await h.client.enqueue('note', { text: doc('fail') }, { evaluation });
    const error = await h.client
      .waitForResult(jobId, { timeoutMs: 15_000 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeadLetteredError);
    const record = await h.dlqRecordOf(jobId);
    expect(record.reason.kind).toBe('no_progress');
    expect(record.input).toMatchObject({ workflow: 'note', evaluation });
    expect(record.lessonsInjected).toEqual([SIGNATURE]);
    expect(await worker.review.count()).toBe(0);
    expect(await signaturesIn(h)).toEqual([]);
  });

  it("takes the same lessons into a batch-lane request: the run's with lessons on, none with lessons off", async ({
    testBed,
  }) => {
    const h = await testBed.harness({ plan: { teach: [negative] }, env: { WORKER_CONCURRENCY: '2' } });
    const worker = await h.startWorker({ BATCH_MAX_WAIT_MS: '0', BATCH_POLL_INTERVAL_MS: '100' });
    await runNote(h, 'teach', { evaluation: { runId: 'run-1', itemId: 'teach' } });
    const lane = 'batch' as const;
    const jobs = await Promise.all([
      h.client.enqueue('note', { text: doc('b-on') }, { lane, evaluation: { runId: 'run-1', itemId: 'on' } }),
      h.client.enqueue(
        'note',
        { text: doc('b-off') },
        { lane, evaluation: { runId: 'run-1', itemId: 'off', lessons: 'off' } },
      ),
    ]);
    for (const { jobId } of jobs) {
      expect(await h.client.waitForResult(jobId, { timeoutMs: 15_000 })).toMatchObject({ data: goodNote });
    }
    const [on] = h.requestsFor('b-on');
    const [off] = h.requestsFor('b-off');
    expect(on?.batch?.id).toMatch(/^msgbatch_/);
    expect(off?.batch?.id).toMatch(/^msgbatch_/);
    expect(lessonsPart(on)).toContain(SIGNATURE);
    expect(lessonsPart(off)).not.toContain(SIGNATURE);
    await worker.close();
    const store = new WorkflowStatsStore({ redis: h.redis, keys: quarryKeys({ prefix: h.prefix }) });
    expect(await store.list(3_600_000)).toEqual([]);
  });

  it('runs an evaluation job whose document is already in the blob store, enqueued by its key', async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    const { key } = await h.blobs.put({
      bytes: (await renderSamplePdf({ text: doc('scan'), layout: 'letter-plain' })).bytes,
    });
    await h.startWorker();
    const document = { mediaType: 'application/pdf', source: { type: 'blob', key } } as const;
    const { jobId } = await h.client.enqueue(
      'doc-note',
      { document },
      { evaluation: { runId: 'run-1', itemId: 'scan.pdf' } },
    );
    expect(await h.client.waitForResult(jobId, { timeoutMs: 20_000 })).toMatchObject({ data: goodNote });
    expect(h.requestsFor('scan')).toHaveLength(1);
  });
});
