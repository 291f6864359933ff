import { termsAppendix } from '../appendix-text';
import type { BenchContext } from '../bench-context';
import { type LineResult, verdict } from '../bench-line';
import { billedTokens } from '../billed-tokens';
import { round } from '../stats';
import {
  describeSide as describe,
  TOKEN_MODEL as MODEL,
  naiveSide,
  quarrySide,
  retryHeavyMistakes,
  type Side,
} from '../token-sides';

/** Both sides on one kind of document. */
async function compare(context: BenchContext, appendix: string) {
  const { jobs, concurrency } = context.sizes.tokens;
  const quarry = await quarrySide(context, { jobs, concurrency, appendix });
  const naive = await naiveSide(context, { jobs, concurrency, appendix });
  const perValid = (side: Side) => side.billed / side.valid;
  const inputSide = (side: Side) =>
    billedTokens({ ...side.usage, outputTokens: 0 }, MODEL, context.models) / side.valid;
  return {
    quarry,
    naive,
    ratio: perValid(quarry) / perValid(naive),
    inputRatio: inputSide(quarry) / inputSide(naive),
  };
}

/** Characters of terms appended in the long-document scenario (about 6,000 tokens). */
const LONG_APPENDIX_CHARACTERS = 24_000;

/**
 * Line 5: billed-token equivalent per valid extraction on a retry-heavy simulation, Quarry (bounded
 * retry context, prompt caching, no-progress stop) vs a naive loop resending the whole transcript.
 * Judged on the shipped samples; the same simulation on long documents (the samples followed by
 * pages of terms) is measured alongside, since the saving grows with the share of the prompt that
 * the document is.
 */
export async function tokenEconomics(context: BenchContext): Promise<LineResult> {
  const { jobs, concurrency } = context.sizes.tokens;
  const shipped = await compare(context, '');
  context.log(`line 5: shipped samples, Quarry / naive = ${round(shipped.ratio, 3)}`);
  const long = await compare(context, termsAppendix(LONG_APPENDIX_CHARACTERS));
  context.log(`line 5: long documents, Quarry / naive = ${round(long.ratio, 3)}`);
  const { quarry, naive, ratio } = shipped;
  const q = quarry.billed / quarry.valid;
  const n = naive.billed / naive.valid;
  return {
    id: 5,
    title: 'Token economics',
    metric: `billed-token equivalent per valid extraction, ${jobs} jobs, retry-heavy`,
    quarry: round(q, 0),
    baseline: round(n, 0),
    comparison: round(ratio, 3),
    comparisonLabel: 'Quarry / naive loop',
    target: '≤ 0.5',
    status: verdict(ratio, (value) => value <= 0.5),
    details: {
      jobs,
      concurrency,
      model: MODEL,
      mistakes: retryHeavyMistakes,
      shippedSamples: {
        quarry: describe(quarry),
        naive: describe(naive),
        ratio: round(shipped.ratio, 3),
        inputSideRatio: round(shipped.inputRatio, 3),
      },
      longDocuments: {
        appendixCharacters: LONG_APPENDIX_CHARACTERS,
        quarry: describe(long.quarry),
        naive: describe(long.naive),
        ratio: round(long.ratio, 3),
        inputSideRatio: round(long.inputRatio, 3),
      },
    },
    notes: [
      `simulation: ${retryHeavyMistakes.rate * 100} % of documents wrong first (${retryHeavyMistakes.count} mistakes each), ${retryHeavyMistakes.unfixableRate * 100} % never fixed; valid: Quarry ${quarry.valid}, naive ${naive.valid} of ${jobs}; calls per job: Quarry ${round(quarry.calls / jobs, 2)}, naive ${round(naive.calls / jobs, 2)}`,
      `input side only (output tokens, 5x input price and the same for both, left out): ${round(shipped.inputRatio, 3)}`,
      `long documents (samples + ${LONG_APPENDIX_CHARACTERS / 1000}k characters of terms): ${round(long.ratio, 3)}, input side ${round(long.inputRatio, 3)}`,
    ],
  };
}
