import { describe, expect, it } from 'vitest';
import { renderSoakReport } from './render-soak-report';
import { runSoak } from './run-soak';
import { soakDefaults } from './soak-options';

describe('soak (short): worker processes, a stand-in with mixed faults, a kill and a Redis restart', () => {
  it('accounts for every job exactly once, pays no model call twice, and loses or leaks no blob', async () => {
    const report = await runSoak(
      {
        ...soakDefaults,
        jobs: 500,
        kills: 1,
        redisRestarts: 1,
        seed: 7,
        latency: { meanMs: 50, jitterMs: 40 },
        lockDurationMs: 4000,
        stalledIntervalMs: 1000,
        backlog: 300,
        timeoutMs: 180_000,
      },
      () => {},
    );
    const summary = renderSoakReport(report);
    expect(report.problems, summary).toEqual([]);
    expect(report.accounting.discrepancies, summary).toEqual([]);
    expect(report.chaos.map((event) => event.kind)).toEqual(['kill-worker', 'restart-redis']);
    const row = (label: string) =>
      report.accounting.rows.find((entry) => entry.label.trim() === label)?.value;
    expect(row('jobs enqueued')).toBe(500);
    // The faults and mistakes really happened: calls were refused, and some documents never came right.
    expect(Number(row('refused at the transport level (429, 5xx, reset)'))).toBeGreaterThan(0);
    expect(Number(row('dead-lettered (DLQ records)'))).toBeGreaterThan(0);
    expect(Number(row('attempts saved'))).toBeGreaterThan(500);
    // A tenth are PDFs by blob reference, every tenth the same bytes as the one before (one blob).
    expect(row('document jobs enqueued')).toBe(50);
    expect(row('puts of bytes already stored (deduplicated)')).toBeGreaterThanOrEqual(5);
    expect(row('blobs lost (referenced, not in the store)')).toBe(0);
    expect(row('blobs leaked (left, referenced by nothing)')).toBe(0);
    // Retention removed the finished jobs and the garbage collection their blobs; DLQ records keep theirs.
    expect(row('finished jobs removed by retention')).toBe(500);
    expect(Number(row('blobs removed by `quarry blobs gc`'))).toBeGreaterThan(0);
    expect(
      Number(row('blobs removed by `quarry blobs gc`')) + Number(row('blobs kept for DLQ records')),
    ).toBe(row('blobs in the store once the jobs finished'));
  });
});
