export { DocubenchPart, DocubenchScore } from './docubench/docubench-score';
export { normaliseDocubenchText } from './docubench/normalise-docubench';
export {
  averageDocubench,
  type ScoreDocubenchOptions,
  scoreDocubench,
} from './docubench/score-docubench';
export {
  ExtractionScore,
  FieldScore,
  ScoreDifference,
  ScoreMetrics,
  ScoreSummary,
} from './extraction-score';
export { fieldPath } from './field-path';
export { normaliseText } from './normalise-text';
export { type ReadDate, readDate, sameDate } from './read-date';
export { readNumber } from './read-number';
export { type ScoreExtractionOptions, scoreExtraction } from './score-extraction';
export { ScoreInputError, type ScoreInputProblem, type ScoreInputSide } from './score-input-error';
export { type ScoreCounts, scoreMetrics } from './score-metrics';
export {
  defaultScoringOptions,
  ScoringOptions,
  type ScoringOptionsInput,
  scoringOptions,
} from './scoring-options';
export { summariseScores } from './summarise-scores';
