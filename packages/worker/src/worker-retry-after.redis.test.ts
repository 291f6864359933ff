import { Writable } from 'node:stream';
import { describe, expect } from 'vitest';
import { createLogger } from './create-logger';
import { parseMetrics, sample } from './test-fixtures/metrics-text';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote, waitFor } from './worker-test-harness';

/** A logger writing JSON lines into `lines`. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'warn', destination }) };
}

const adjusted = async (metrics: { registry: { metrics(): Promise<string> } }, adjustment: string) =>
  sample(parseMetrics(await metrics.registry.metrics()), 'quarry_retry_after_adjusted_total', { adjustment });

describe('retry-after from the API is validated and capped (real Redis, SDK against the stand-in)', () => {
  it('row 53: caps the queue-wide pause of a 429 with retry-after: 999999 at RATE_LIMIT_MAX_PAUSE_MS, warns and counts it', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: { huge: [{ kind: 'error', status: 429, retryAfter: '999999' }] },
      env: { RATE_LIMIT_MAX_PAUSE_MS: '1500', WORKER_CONCURRENCY: '1' },
    });
    const { lines, logger } = capturingLogger();
    const worker = await h.startWorker({}, { logger });
    const raw = h.rawQueue();
    const huge = await h.client.enqueue('note', { text: doc('huge') });
    let pauseMs = 0;
    await waitFor(
      async () => {
        pauseMs = await raw.getRateLimitTtl(Number.MAX_SAFE_INTEGER);
        return pauseMs > 0;
      },
      10_000,
      'the queue-wide pause',
    );
    // Without the cap the pause would last 999999 s (11.6 days).
    expect(pauseMs).toBeLessThanOrEqual(1500);
    expect(await h.client.waitForResult(huge.jobId, { timeoutMs: 15_000 })).toMatchObject({
      data: goodNote,
      attempts: 1,
    });
    expect(h.requestsFor('huge')).toHaveLength(2);
    expect(await adjusted(worker.metrics, 'too_long')).toBe(1);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'retry-after asked for a longer wait than RATE_LIMIT_MAX_PAUSE_MS; the wait was capped',
        requestedMs: 999_999_000,
        delayMs: 1500,
        maxPauseMs: 1500,
        jobId: huge.jobId,
      }),
    );
  });

  it('row 54: a 429 with retry-after: soon, -5, 1e9, 0x10, empty -> treats a malformed or negative retry-after as absent (RATE_LIMIT_PAUSE_MS), warns and counts it', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: {
        odd: [
          { kind: 'error', status: 429, retryAfter: 'soon' },
          { kind: 'error', status: 429, retryAfter: '-5' },
        ],
      },
      env: { RATE_LIMIT_PAUSE_MS: '300', WORKER_CONCURRENCY: '1' },
    });
    const { lines, logger } = capturingLogger();
    const worker = await h.startWorker({}, { logger });
    const odd = await h.client.enqueue('note', { text: doc('odd') });
    expect(await h.client.waitForResult(odd.jobId, { timeoutMs: 15_000 })).toMatchObject({
      data: goodNote,
      attempts: 1,
    });
    const calls = h.requestsFor('odd').map((request) => request.at);
    expect(calls).toHaveLength(3);
    // Each bounce waited for the default pause, generously bounded.
    expect((calls[1] ?? 0) - (calls[0] ?? 0)).toBeGreaterThanOrEqual(250);
    expect(await adjusted(worker.metrics, 'malformed')).toBe(1);
    expect(await adjusted(worker.metrics, 'negative')).toBe(1);
    const warnings = lines.filter(
      (line) => line.msg === 'retry-after from the API was negative or malformed; it was ignored',
    );
    expect(warnings.map((line) => [line.problem, line.status])).toEqual([
      ['malformed', 429],
      ['negative', 429],
    ]);
    // The header's text itself is never logged.
    expect(JSON.stringify(lines)).not.toContain('soon');
  });
});

describe('a queue-wide 429 pause left behind by a killed worker', () => {
  it('is taken back when a worker starts: its global limit goes, jobs run, an operator limit is kept', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ plan: {} });
    const raw = h.rawQueue();
    const meta = raw.toKey('meta');
    // What a pausing worker writes before it is killed: the sentinel limit, its limiter key expired.
    await h.redis.hset(meta, 'max', String(Number.MAX_SAFE_INTEGER), 'duration', '1000');
    await h.startWorker();
    expect(await h.redis.hget(meta, 'max')).toBeNull();
    const job = await h.client.enqueue('note', { text: doc('after') });
    expect(await h.client.waitForResult(job.jobId, { timeoutMs: 15_000 })).toMatchObject({ data: goodNote });
  });

  it("leaves an operator's own global rate limit alone", async ({ testBed }) => {
    const h = await testBed.harness({ plan: {} });
    const raw = h.rawQueue();
    await raw.setGlobalRateLimit(500, 1000);
    await h.startWorker();
    expect(await h.redis.hget(raw.toKey('meta'), 'max')).toBe('500');
  });
});
