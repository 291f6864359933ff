import { scoreDocubench } from '../docubench/score-docubench';
import type { ExtractionScore } from '../extraction-score';
import { scoreExtraction } from '../score-extraction';
import { ScoreInputError } from '../score-input-error';
import type { ScoringOptions } from '../scoring-options';

/** How a run scores: Quarry's rules alone, or the DocuBench benchmark's too (with the output schema). */
export type EvalScoring =
  | { readonly kind: 'quarry' }
  | { readonly kind: 'docubench'; readonly schema: unknown };

/** One item's scores: Quarry's, and DocuBench's `final` (null unless scored so). */
export interface OutcomeScore {
  readonly score: ExtractionScore;
  readonly docubench: number | null;
  /** Why the output was scored as empty, when scoring refused it. */
  readonly unscorable: Exclude<ScoreInputError['problem'], 'bad-options'> | null;
}

/** The scorer of one run: the scores of an empty output first (they check the expected side). */
export interface ItemScorer {
  /** The scores of no output (a dead-lettered or failed item): every expected leaf missing. */
  readonly empty: OutcomeScore;
  /** The scores of an output; one scoring refuses counts as empty, naming why. */
  score(extracted: unknown): OutcomeScore;
}

const docubenchFinal = (scoring: EvalScoring, label: unknown, output: unknown): number | null =>
  scoring.kind === 'docubench' ? scoreDocubench({ schema: scoring.schema, label, output }).final : null;

/**
 * The scorer of one item. Scores the empty output `{}` at once, so an expected output (or a DocuBench
 * schema) that scoring refuses throws `ScoreInputError` here, before the item runs.
 */
export function itemScorer(options: {
  readonly expected: unknown;
  readonly scoring: EvalScoring;
  readonly options: ScoringOptions;
}): ItemScorer {
  const { expected, scoring } = options;
  const empty: OutcomeScore = {
    score: scoreExtraction({ expected, extracted: {}, options: options.options }),
    docubench: docubenchFinal(scoring, expected, {}),
    unscorable: null,
  };
  return {
    empty,
    score(extracted) {
      try {
        return {
          score: scoreExtraction({ expected, extracted, options: options.options }),
          docubench: docubenchFinal(scoring, expected, extracted),
          unscorable: null,
        };
      } catch (error) {
        if (!(error instanceof ScoreInputError) || error.problem === 'bad-options') throw error;
        return { ...empty, unscorable: error.problem };
      }
    },
  };
}
