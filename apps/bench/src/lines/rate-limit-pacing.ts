import type { BenchContext } from '../bench-context';
import { type LineResult, verdict } from '../bench-line';
import { round } from '../stats';
import { type PacedRun, pacedRun, pacingLimits } from './paced-run';

const describe = (name: string, run: PacedRun): string =>
  `${name}: ${round(run.jobsPerMinute, 1)} jobs/min of ${round(run.allowedPerMinute, 1)} allowed (${round(
    run.jobsPerMinute / run.allowedPerMinute,
    3,
  )}), ${run.rateLimited} of ${run.requests} calls answered 429 (${round(run.rateLimitedShare * 100, 2)} %), ${run.failed} jobs failed`;

/**
 * Line 16: rate-limit pacing. A stand-in enforcing 600 requests and 200,000 input tokens a minute
 * (headers and 429s as the API sends them); 3 Quarry worker processes × concurrency 100 pacing by the
 * shared budget, then a naive BullMQ + SDK worker (the SDK's own 429 retries) the same way. Quarry's
 * completed jobs per minute against what the limits allow, and its share of calls answered 429.
 */
export async function rateLimitPacing(context: BenchContext): Promise<LineResult> {
  const sizes = context.sizes.pacing;
  const quarry = await pacedRun({ context, kind: 'quarry', ...sizes });
  context.log(`line 16: ${describe('Quarry', quarry)}`);
  const naive = await pacedRun({ context, kind: 'naive', ...sizes });
  context.log(`line 16: ${describe('naive BullMQ + SDK', naive)}`);
  const utilisation = quarry.jobsPerMinute / quarry.allowedPerMinute;
  const naiveUtilisation = naive.jobsPerMinute / naive.allowedPerMinute;
  return {
    id: 16,
    title: 'Rate-limit pacing',
    metric: `completed jobs/min vs the limits (RPM ${pacingLimits.requestsPerMinute}, ITPM ${pacingLimits.inputTokensPerMinute}), ${sizes.processes} processes × concurrency ${sizes.concurrency}`,
    quarry: round(quarry.jobsPerMinute, 1),
    baseline: round(quarry.allowedPerMinute, 1),
    comparison: round(utilisation, 3),
    comparisonLabel: 'Quarry / allowed',
    target: '≥ 0.95, ≤ 1 % 429',
    status: verdict(utilisation, (value) => value >= 0.95 && quarry.rateLimitedShare <= 0.01),
    details: { ...sizes, limits: pacingLimits, quarry, naive, naiveUtilisation },
    notes: [
      describe('Quarry', quarry),
      describe('naive BullMQ + SDK', naive),
      `Quarry / naive jobs per minute: ${naive.jobsPerMinute > 0 ? round(quarry.jobsPerMinute / naive.jobsPerMinute, 2) : 'naive completed none after the warm-up'}; 429 share ${round(quarry.rateLimitedShare * 100, 2)} % vs ${round(naive.rateLimitedShare * 100, 2)} %`,
    ],
  };
}
