import type { BenchContext } from '../bench-context';
import { type LineResult, verdict } from '../bench-line';
import { round } from '../stats';
import { describeSide, naiveSide, quarrySide, retryHeavyMistakes, TOKEN_MODEL } from '../token-sides';

/** How long the stand-in takes to end a batch in this line (the cost does not depend on it). */
const BATCH_DELAY_MS = 200;

/**
 * Line 12: billed cost (USD, each attempt at its lane's price) per valid extraction on line 5's
 * retry-heavy simulation, Quarry with every job in the batch lane (feedback, lessons, retries and
 * DLQ through Message Batches at 50 %) vs the naive realtime loop resending the whole transcript.
 */
export async function batchCost(context: BenchContext): Promise<LineResult> {
  const { jobs, concurrency } = context.sizes.tokens;
  const options = { jobs, concurrency, appendix: '' };
  const quarry = await quarrySide(context, { ...options, lane: 'batch', batchDelayMs: BATCH_DELAY_MS });
  const naive = await naiveSide(context, options);
  const q = quarry.costUsd / quarry.valid;
  const n = naive.costUsd / naive.valid;
  const ratio = q / n;
  // The same tokens at the standard prices: what the batch price saved on Quarry's own attempts.
  const standardShare = quarry.costUsd / ((quarry.billed * naive.costUsd) / naive.billed);
  context.log(`line 12: batch lane / naive = ${round(ratio, 3)}`);
  return {
    id: 12,
    title: 'Batch lane cost',
    metric: `billed USD per valid extraction, ${jobs} jobs, retry-heavy`,
    quarry: round(q * 1000, 4),
    baseline: round(n * 1000, 4),
    comparison: round(ratio, 3),
    comparisonLabel: 'batch lane / naive loop',
    target: '≤ 0.45',
    status: verdict(ratio, (value) => value <= 0.45),
    details: {
      jobs,
      concurrency,
      model: TOKEN_MODEL,
      mistakes: retryHeavyMistakes,
      batchDelayMs: BATCH_DELAY_MS,
      quarry: describeSide(quarry),
      naive: describeSide(naive),
      ratio: round(ratio, 4),
      quarryCostOverStandardPrice: round(standardShare, 4),
    },
    notes: [
      `figures in USD per 1,000 valid extractions; valid: Quarry ${quarry.valid}, naive ${naive.valid} of ${jobs}; calls per job: Quarry ${round(quarry.calls / jobs, 2)}, naive ${round(naive.calls / jobs, 2)}`,
      `Quarry's recorded cost is ${round(standardShare * 100, 1)} % of its tokens at the standard prices (the batch price)`,
    ],
  };
}
