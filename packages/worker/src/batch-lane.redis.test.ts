import { BatchesView, quarryKeys } from '@quarry/queue';
import { pino } from 'pino';
import { describe, expect, onTestFinished } from 'vitest';
import { faultyApiProxy } from './test-fixtures/faulty-api-proxy';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote, type WorkerHarness, waitFor } from './worker-test-harness';

/** Submit as soon as anything waits, poll every 100 ms. */
const fast = { BATCH_MAX_WAIT_MS: '0', BATCH_POLL_INTERVAL_MS: '100' };

/** A logger keeping the worker's log lines, to read the attempt records' lane from 'attempt saved'. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, attempts: () => lines.filter((line) => line.msg === 'attempt saved') };
}

const batchIdsOf = (h: WorkerHarness, name: string) =>
  h.requestsFor(name).map((request) => request.batch?.id ?? 'realtime');

describe('batch lane (real Redis, SDK against the stand-in)', () => {
  it('completes a job through a batch, priced at half, with its attempt recorded in the batch lane', async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    const log = capturedLogger();
    await h.startWorker(fast, { logger: log.logger });
    const { jobId } = await h.client.enqueue('note', { text: doc('half') }, { lane: 'batch' });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    expect(result).toMatchObject({ data: goodNote, attempts: 1 });
    const [request] = h.requestsFor('half');
    expect(request?.batch?.customId).toMatch(new RegExp(`^j${jobId}-g\\d+-a1-i[0-9a-f]{6}$`));
    expect(h.standin.stats.billing.batch.messages).toBe(1);
    expect(h.standin.stats.billing.realtime.messages).toBe(0);
    expect(result.costUsd).toBeCloseTo(h.standin.stats.billing.batch.costUsd, 12);
    expect(log.attempts()).toEqual([expect.objectContaining({ n: 1, lane: 'batch' })]);
    expect(log.attempts()[0]).not.toHaveProperty('lanePromotion');

    // Operators see the batch ended, its one result counted and its cost at the batch price.
    const view = new BatchesView({ redis: h.redis, keys: quarryKeys({ prefix: h.prefix }) });
    await waitFor(
      async () => (await view.list({ limit: 10 }))[0]?.status === 'ended',
      10_000,
      'the batch ended',
    );
    const [batch] = await view.list({ limit: 10 });
    expect(batch).toMatchObject({
      batchId: request?.batch?.id,
      requests: 1,
      results: { succeeded: 1, errored: 0, expired: 0, canceled: 0 },
      pending: 0,
    });
    expect(batch?.costUsd).toBeCloseTo(h.standin.stats.billing.batch.costUsd, 12);
  });

  it('takes the lane from QUARRY_DEFAULT_LANE when neither job nor workflow names one', async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    await h.startWorker({ ...fast, QUARRY_DEFAULT_LANE: 'batch' });
    const batched = await h.client.enqueue('note', { text: doc('dflt') });
    const realtime = await h.client.enqueue('note', { text: doc('rt') }, { lane: 'realtime' });
    await h.client.waitForResult(batched.jobId, { timeoutMs: 15_000 });
    await h.client.waitForResult(realtime.jobId, { timeoutMs: 15_000 });
    expect(batchIdsOf(h, 'dflt')[0]).toMatch(/^msgbatch_/);
    expect(batchIdsOf(h, 'rt')).toEqual(['realtime']);
  });

  it('sends a retry with its feedback in a later batch', async ({ testBed }) => {
    const h = await testBed.harness({
      plan: { again: [{ kind: 'json', value: { title: 'groceries', count: -1 } }] },
    });
    await h.startWorker(fast);
    const { jobId } = await h.client.enqueue('note', { text: doc('again') }, { lane: 'batch' });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    expect(result).toMatchObject({ data: goodNote, attempts: 2 });
    const [first, second] = batchIdsOf(h, 'again');
    expect(first).toMatch(/^msgbatch_/);
    expect(second).toMatch(/^msgbatch_/);
    expect(second).not.toBe(first);
    expect(JSON.stringify(h.requestsFor('again')[1]?.body.messages)).toContain('count must be positive');
    expect(h.requestsFor('again')[1]?.batch?.customId).toMatch(/-a2-i[0-9a-f]{6}$/);
  });

  it('resubmits errored (retryable) and expired entries without spending an attempt', async ({ testBed }) => {
    const h = await testBed.harness({
      plan: { busy: [{ kind: 'error', status: 529, message: 'overloaded' }] },
      batches: { shares: { expired: 0.5 } },
    });
    await h.startWorker(fast);
    const jobs = await Promise.all(
      ['busy', 'e1', 'e2', 'e3', 'e4'].map((name) =>
        h.client.enqueue('note', { text: doc(name) }, { lane: 'batch' }),
      ),
    );
    for (const { jobId } of jobs) {
      expect(await h.client.waitForResult(jobId, { timeoutMs: 30_000 })).toMatchObject({ attempts: 1 });
    }
    expect(new Set(batchIdsOf(h, 'busy')).size).toBe(2);
    expect(h.standin.stats.batches.results.expired).toBeGreaterThan(0);
    expect(h.standin.stats.batches.results.errored).toBe(1);
    expect(h.standin.stats.batches.created).toBeGreaterThan(1);
    expect(h.standin.stats.billing.batch.messages).toBe(5);
  });

  it('loses no job and pays no attempt twice when the create response is lost', async ({ testBed }) => {
    const h = await testBed.harness();
    h.standin.dropNextBatchCreateResponses(1);
    await h.startWorker(fast);
    const { jobId } = await h.client.enqueue('note', { text: doc('lost') }, { lane: 'batch' });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    expect(result).toMatchObject({ data: goodNote, attempts: 1 });
    expect(h.standin.stats.batches.droppedCreateResponses).toBe(1);
    expect(h.standin.stats.batches.created).toBe(1);
    expect(h.requestsFor('lost')).toHaveLength(1);
  });

  it('moves an attempt waiting to be collected to the realtime lane as its deadline nears', async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    const log = capturedLogger();
    await h.startWorker(
      { BATCH_MAX_WAIT_MS: '3600000', BATCH_POLL_INTERVAL_MS: '100', BATCH_DEADLINE_MARGIN_MS: '60000' },
      { logger: log.logger },
    );
    const deadline = new Date(Date.now() + 61_500).toISOString();
    const { jobId } = await h.client.enqueue('note', { text: doc('soon') }, { lane: 'batch', deadline });
    await waitFor(async () => (await h.client.getStatus(jobId)).state === 'delayed', 10_000, 'parked');
    expect(await h.client.getStatus(jobId)).toMatchObject({ batch: { waitingOn: 'collection' } });
    await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    expect(log.attempts()).toEqual([
      expect.objectContaining({ n: 1, lane: 'realtime', lanePromotion: 'deadline' }),
    ]);
    expect(batchIdsOf(h, 'soon')).toEqual(['realtime']);
  });

  it('cuts a batch at the byte limit and sends the rest in the next one', async ({ testBed }) => {
    const limit = 40_000;
    const h = await testBed.harness({ batches: { maxBodyBytes: limit } });
    await h.startWorker({
      BATCH_MAX_WAIT_MS: '3600000',
      BATCH_MAX_REQUESTS: '2',
      BATCH_MAX_BYTES: String(limit),
      BATCH_POLL_INTERVAL_MS: '100',
    });
    const long = (name: string) => `${doc(name)} ${'item '.repeat(5000)}`;
    const jobs = [
      await h.client.enqueue('note', { text: long('big1') }, { lane: 'batch' }),
      await h.client.enqueue('note', { text: long('big2') }, { lane: 'batch' }),
    ];
    for (const { jobId } of jobs) await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    const [one, two] = [batchIdsOf(h, 'big1')[0], batchIdsOf(h, 'big2')[0]];
    expect(one).toMatch(/^msgbatch_/);
    expect(two).toMatch(/^msgbatch_/);
    expect(one).not.toBe(two);
    expect(h.standin.stats.batches.refused ?? 0).toBe(0);
  });

  it('parks a waiting job in delayed with no lock, shown as waiting on its batch', async ({ testBed }) => {
    const h = await testBed.harness({ batches: { delayMs: 60_000 } });
    await h.startWorker(fast);
    const { jobId } = await h.client.enqueue('note', { text: doc('parked') }, { lane: 'batch' });
    await waitFor(
      async () =>
        (await h.client.getStatus(jobId)).state === 'delayed' && h.standin.stats.batches.created === 1,
      10_000,
      'submitted',
    );
    await waitFor(async () => {
      const status = await h.client.getStatus(jobId);
      return status.state === 'delayed' && status.batch?.waitingOn === 'batch';
    });
    const status = await h.client.getStatus(jobId);
    expect(status).toMatchObject({ state: 'delayed', attemptsMade: 0, batch: { waitingOn: 'batch' } });
    const queue = h.rawQueue();
    expect(await h.redis.exists(`${queue.toKey(jobId)}:lock`)).toBe(0);
    expect(await queue.getJobCounts('active', 'delayed')).toEqual({ active: 0, delayed: 1 });
  });

  it.for([
    { answer: 'a batch status', name: 'stalled-status', path: /^\/v1\/messages\/batches\/[^/]+$/ },
    {
      answer: 'the results download',
      name: 'stalled-results',
      path: /^\/v1\/messages\/batches\/[^/]+\/results$/,
    },
  ])(
    'goes on when $answer stalls mid-body: the call ends at its deadline, the next round asks again',
    async ({ name, path }, { testBed }) => {
      const h = await testBed.harness();
      let seen = 0;
      const stallFirst = (request: { method: string; path: string }) =>
        request.method === 'GET' && path.test(request.path) && ++seen === 1;
      const proxy = await faultyApiProxy({ target: h.standin.url, stall: stallFirst });
      onTestFinished(() => proxy.close());
      await h.startWorker({ ...fast, ANTHROPIC_BASE_URL: proxy.url, ANTHROPIC_TIMEOUT_MS: '1000' });
      const { jobId } = await h.client.enqueue('note', { text: doc(name) }, { lane: 'batch' });
      expect(await h.client.waitForResult(jobId, { timeoutMs: 30_000 })).toMatchObject({ attempts: 1 });
      expect(seen).toBeGreaterThan(1);
    },
  );
});
