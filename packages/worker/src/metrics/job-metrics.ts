import { Counter, Histogram, type Registry } from 'prom-client';
import type { WorkerMetrics } from './worker-metrics';

/**
 * Creates the metrics of how job runs end (`quarry_jobs_total`, `quarry_dead_letters_total`,
 * `quarry_review_flagged_total`, `quarry_attempts_per_success`) and the two calls that update them.
 */
export function createJobMetrics(
  registers: Registry[],
  workflowLabel: (name: string) => string,
): Pick<WorkerMetrics, 'completed' | 'ended'> {
  const jobs = new Counter({
    name: 'quarry_jobs_total',
    help: 'Job runs by how they ended: completed, dead_lettered, retry_scheduled, rate_limited, put_back',
    labelNames: ['workflow', 'outcome'] as const,
    registers,
  });
  const deadLetters = new Counter({
    name: 'quarry_dead_letters_total',
    help: 'Jobs dead-lettered by this worker, by reason (kind, or refused:<category> for a categorised refusal)',
    labelNames: ['workflow', 'reason'] as const,
    registers,
  });
  const review = new Counter({
    name: 'quarry_review_flagged_total',
    help: 'Completed jobs flagged needsReview and put in the review index',
    labelNames: ['workflow'] as const,
    registers,
  });
  const attemptsPerSuccess = new Histogram({
    name: 'quarry_attempts_per_success',
    help: 'Model replies a completed job needed, the valid one included',
    labelNames: ['workflow'] as const,
    buckets: [1, 2, 3, 4, 5, 6, 8, 10],
    registers,
  });
  return {
    completed(result, flaggedForReview) {
      const workflow = workflowLabel(result.workflow);
      jobs.inc({ workflow, outcome: 'completed' });
      attemptsPerSuccess.observe({ workflow }, result.attempts);
      if (flaggedForReview) review.inc({ workflow });
    },
    ended(name, outcome, reason) {
      const workflow = workflowLabel(name);
      jobs.inc({ workflow, outcome });
      if (outcome === 'dead_lettered') deadLetters.inc({ workflow, reason: reason ?? 'unknown' });
    },
  };
}
