import { termsAppendix } from '../appendix-text';
import type { BenchContext } from '../bench-context';
import type { LineResult } from '../bench-line';
import { billedTokens } from '../billed-tokens';
import { round } from '../stats';
import {
  describeSide as describe,
  lowRetryMistakes,
  type Mistakes,
  TOKEN_MODEL as MODEL,
  naiveSide,
  quarrySide,
  retryHeavyMistakes,
  type Side,
} from '../token-sides';

const perValid = (side: Side) => side.billed / side.valid;

/** Quarry with cache placement by cost, with the former single breakpoint, and the naive loop, on one simulation. */
async function compare(
  context: BenchContext,
  options: { readonly appendix: string; readonly mistakes: Mistakes },
) {
  const { jobs, concurrency } = context.sizes.tokens;
  const sizes = { jobs, concurrency, ...options };
  const quarry = await quarrySide(context, { ...sizes, placement: 'by_cost' });
  const former = await quarrySide(context, { ...sizes, placement: 'after_document' });
  const naive = await naiveSide(context, sizes);
  const inputSide = (side: Side) =>
    billedTokens({ ...side.usage, outputTokens: 0 }, MODEL, context.models) / side.valid;
  return {
    quarry,
    former,
    naive,
    ratio: perValid(quarry) / perValid(naive),
    formerRatio: perValid(former) / perValid(naive),
    vsFormer: perValid(quarry) / perValid(former),
    inputRatio: inputSide(quarry) / inputSide(naive),
  };
}

type Comparison = Awaited<ReturnType<typeof compare>>;

const detailsOf = (result: Comparison) => ({
  quarry: describe(result.quarry),
  formerPlacement: describe(result.former),
  naive: describe(result.naive),
  ratio: round(result.ratio, 3),
  formerRatio: round(result.formerRatio, 3),
  vsFormer: round(result.vsFormer, 3),
  inputSideRatio: round(result.inputRatio, 3),
});

/** Characters of terms appended in the long-document scenario (about 6,000 tokens). */
const LONG_APPENDIX_CHARACTERS = 24_000;

/**
 * Line 5: billed-token equivalent per valid extraction. Retry-heavy simulation: Quarry (bounded
 * retry context, the shared prefix cached once per workflow version, the job's first turn cached
 * when a retry is likely, no-progress stop) vs a naive loop resending the whole transcript (target
 * ≤ 0.5). Low-retry simulation (90 % right first time): Quarry vs Quarry with the former placement,
 * one breakpoint after the document on every call (target ≤ 0.8). Both judged on the shipped
 * samples; the retry-heavy simulation on long documents is measured alongside.
 */
export async function tokenEconomics(context: BenchContext): Promise<LineResult> {
  const { jobs, concurrency } = context.sizes.tokens;
  const heavy = await compare(context, { appendix: '', mistakes: retryHeavyMistakes });
  context.log(`line 5: retry-heavy, Quarry / naive = ${round(heavy.ratio, 3)}`);
  const low = await compare(context, { appendix: '', mistakes: lowRetryMistakes });
  context.log(`line 5: low-retry, Quarry / former placement = ${round(low.vsFormer, 3)}`);
  const long = await compare(context, {
    appendix: termsAppendix(LONG_APPENDIX_CHARACTERS),
    mistakes: retryHeavyMistakes,
  });
  context.log(`line 5: long documents, Quarry / naive = ${round(long.ratio, 3)}`);
  const passed = heavy.ratio <= 0.5 && low.vsFormer <= 0.8;
  const simulation = (mistakes: Mistakes) =>
    `${mistakes.rate * 100} % of documents wrong first (${mistakes.count} mistake${mistakes.count === 1 ? '' : 's'} each), ${mistakes.unfixableRate * 100} % never fixed`;
  return {
    id: 5,
    title: 'Token economics',
    metric: `billed-token equivalent per valid extraction, ${jobs} jobs, retry-heavy`,
    quarry: round(perValid(heavy.quarry), 0),
    baseline: round(perValid(heavy.naive), 0),
    comparison: round(heavy.ratio, 3),
    comparisonLabel: 'Quarry / naive loop',
    target: '≤ 0.5; low-retry ≤ 0.8 of former',
    status: passed ? 'PASS' : 'FAIL',
    details: {
      jobs,
      concurrency,
      model: MODEL,
      retryHeavy: { mistakes: retryHeavyMistakes, ...detailsOf(heavy) },
      lowRetry: { mistakes: lowRetryMistakes, ...detailsOf(low) },
      longDocuments: { appendixCharacters: LONG_APPENDIX_CHARACTERS, ...detailsOf(long) },
    },
    notes: [
      `retry-heavy (${simulation(retryHeavyMistakes)}): Quarry / naive ${round(heavy.ratio, 3)} (target ≤ 0.5), former placement / naive ${round(heavy.formerRatio, 3)}, input side only ${round(heavy.inputRatio, 3)}; calls per job: Quarry ${round(heavy.quarry.calls / jobs, 2)}, naive ${round(heavy.naive.calls / jobs, 2)}`,
      `low-retry (${simulation(lowRetryMistakes)}): Quarry / former placement ${round(low.vsFormer, 3)} (target ≤ 0.8), Quarry / naive ${round(low.ratio, 3)}, per valid: Quarry ${round(perValid(low.quarry), 0)}, former ${round(perValid(low.former), 0)}, naive ${round(perValid(low.naive), 0)}`,
      `long documents (samples + ${LONG_APPENDIX_CHARACTERS / 1000}k characters of terms, retry-heavy): Quarry / naive ${round(long.ratio, 3)}, former / naive ${round(long.formerRatio, 3)}, input side ${round(long.inputRatio, 3)}`,
    ],
  };
}
