import { describe, expect, it } from 'vitest';
import { renderSoakReport } from './render-soak-report';
import { runSoak } from './run-soak';
import { soakDefaults } from './soak-options';

describe('soak (short) in the batch lane: worker processes, Message Batches with faults, a kill and a Redis restart', () => {
  it('accounts for every job exactly once and pays no batch request twice', async () => {
    const report = await runSoak(
      {
        ...soakDefaults,
        jobs: 200,
        kills: 1,
        redisRestarts: 1,
        seed: 3,
        latency: { meanMs: 20, jitterMs: 10 },
        lockDurationMs: 4000,
        stalledIntervalMs: 1000,
        backlog: 200,
        timeoutMs: 180_000,
        lane: 'batch',
        // Half the creates lose their response, so the workers reconcile them against batches.list.
        batch: { ...soakDefaults.batch, delayMs: 300, dropCreateResponse: 0.5, maxRequests: 60 },
      },
      () => {},
    );
    const summary = renderSoakReport(report);
    expect(report.problems, summary).toEqual([]);
    expect(report.accounting.discrepancies, summary).toEqual([]);
    expect(report.chaos.map((event) => event.kind)).toEqual(['kill-worker', 'restart-redis']);
    const row = (label: string) => report.accounting.rows.find((entry) => entry.label === label)?.value;
    expect(row('jobs enqueued')).toBe(200);
    expect(row('batch requests (custom_ids) paid more than once')).toBe(0);
    // A tenth are PDFs by blob reference (no blob lost or leaked: the discrepancies above).
    expect(row('document jobs enqueued')).toBe(20);
    // Every answer came through a batch, and the batch faults really happened.
    expect(row('batch entries answered (billed)')).toBe(row('  answered (billed)'));
    expect(Number(row('attempts saved'))).toBeGreaterThan(200);
    const { batches } = report.standin;
    expect(batches.droppedCreateResponses).toBeGreaterThan(0);
    expect(batches.results.errored + batches.results.expired).toBeGreaterThan(0);
    expect(Number(row('dead-lettered (DLQ records)'))).toBeGreaterThan(0);
  });
});
