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
export {
  LabelledDirectoryItem,
  LabelledDocument,
  LabelledItemId,
} from './labelled/labelled-directory-item';
export { LabelledSetError } from './labelled/labelled-set-error';
export {
  LabelledSetLimits,
  type LabelledSetLimitsInput,
  labelledSetLimits,
} from './labelled/labelled-set-limits';
export { LabelledSetProblem, LabelledSetProblemKind } from './labelled/labelled-set-problem';
export {
  LabelledDirectory,
  type ReadLabelledDirectoryOptions,
  readLabelledDirectory,
} from './labelled/read-labelled-directory';
export { parseWorkflowRef, WorkflowRef } from './labelled/workflow-ref';
export { normaliseText } from './normalise-text';
export { type ReadDate, readDate, sameDate } from './read-date';
export { readNumber } from './read-number';
export {
  type CompareEvalReportsOptions,
  compareEvalReports,
  DEFAULT_MAX_DROP,
} from './run/compare-eval-reports';
export {
  EvalChange,
  EvalComparedRun,
  EvalComparison,
  EvalDrop,
  EvalFieldChange,
  EvalVerdict,
} from './run/eval-comparison';
export { EvalItemOutcome, EvalReasonKind, EvalTokens } from './run/eval-item-outcome';
export { EvalKeptOutput, keptOutputLimits } from './run/eval-kept-output';
export { EvalOptionError } from './run/eval-option-error';
export type { EvalProgress } from './run/eval-progress';
export {
  EVAL_REPORT_VERSION,
  EvalItemOutcomeSummary,
  EvalItemResult,
  EvalReport,
  EvalRunInfo,
  EvalRunInput,
  EvalSummary,
} from './run/eval-report';
export { EvalRunError, type EvalRunProblem } from './run/eval-run-error';
export {
  type RenderEvalComparisonOptions,
  renderEvalComparison,
} from './run/render-eval-comparison';
export { type RenderEvalReportOptions, renderEvalReport } from './run/render-eval-report';
export {
  type EvalItemInput,
  evalConcurrency,
  type RunEvaluationOptions,
  runEvaluation,
} from './run/run-evaluation';
export type { EvalScoring } from './run/score-outcome';
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
