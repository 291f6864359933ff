import { averageDocubench } from '../docubench/score-docubench';
import type { ExtractionScore } from '../extraction-score';
import { summariseScores } from '../summarise-scores';
import type { EvalTokens } from './eval-item-outcome';
import type { EvalItemResult, EvalSummary } from './eval-report';

/** An item run: its result in the report, and its full score (every field). */
export interface ScoredItem {
  readonly result: EvalItemResult;
  readonly score: ExtractionScore;
}

const NO_TOKENS: EvalTokens = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
const addTokens = (a: EvalTokens, b: EvalTokens): EvalTokens => ({
  input: a.input + b.input,
  output: a.output + b.output,
  cacheRead: a.cacheRead + b.cacheRead,
  cacheWrite: a.cacheWrite + b.cacheWrite,
});
const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/** The summary of a run's items (`EvalSummary` says what each figure is). */
export function summariseEval(options: {
  /** Items given to the run, run or not. */
  readonly items: number;
  readonly scored: readonly ScoredItem[];
  readonly docubench: boolean;
}): EvalSummary {
  const results = options.scored.map((item) => item.result);
  const completed = results.flatMap((result) =>
    result.outcome.kind === 'completed' ? [result.outcome] : [],
  );
  const known = results.filter((result) => result.costUsd !== null);
  const scores = summariseScores(options.scored.map((item) => item.score));
  const costUsd = known.reduce((sum, result) => sum + (result.costUsd ?? 0), 0);
  const truePositives = scores.overall.truePositives;
  return {
    items: options.items,
    run: results.length,
    notRun: options.items - results.length,
    completed: completed.length,
    needsReview: completed.filter((outcome) => outcome.needsReview).length,
    deadLettered: results.filter((result) => result.outcome.kind === 'dead_lettered').length,
    failed: results.filter((result) => result.outcome.kind === 'failed').length,
    overall: scores.overall,
    fields: scores.fields,
    docubench:
      options.docubench && results.length > 0
        ? averageDocubench(results.map((result) => ({ final: result.docubench ?? 0 })))
        : null,
    firstAttemptValidShare:
      completed.length === 0
        ? null
        : completed.filter((outcome) => outcome.firstAttemptValid).length / completed.length,
    meanModelCalls: mean(known.map((result) => result.modelCalls ?? 0)),
    costUsd,
    costPerItemUsd: known.length === 0 ? null : costUsd / known.length,
    costPerCorrectFieldUsd: truePositives === 0 ? null : costUsd / truePositives,
    tokens: known.reduce((sum, result) => addTokens(sum, result.tokens ?? NO_TOKENS), NO_TOKENS),
    meanItemWallMs: mean(completed.map((outcome) => outcome.wallMs)),
  };
}
