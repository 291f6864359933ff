export { createTriage } from './create-triage';
export { ageLabel, costLabel, workflowLabel } from './dlq-labels';
export { DlqReader, type DlqReaderOptions } from './dlq-reader';
export { DlqSelectors, isExplicitSelection } from './dlq-selectors';
export { dlqSplitPart } from './dlq-split-part';
export { type DlqSummary, type EntryState, entryState, summarize } from './dlq-summary';
export { type DlqNextStep, type DlqWhy, dlqHeadline, dlqNextStep, dlqWhy } from './dlq-why';
export { DlqRecordNotFoundError } from './errors/dlq-record-not-found-error';
export { DlqRecordUnreadableError } from './errors/dlq-record-unreadable-error';
export { ReplayOptionsError } from './errors/replay-options-error';
export { SelectorError } from './errors/selector-error';
export {
  type FingerprintGroup,
  type FingerprintGroupOptions,
  fingerprintGroupOf,
  fingerprintGroupsOf,
  type GroupIssue,
  largestFirst,
} from './fingerprint-groups';
export {
  type ChainJob,
  type LineageChain,
  type ReadLineageChainOptions,
  readLineageChain,
} from './lineage-chain';
export { createPacer, type Pacer, type PacerOptions } from './pacer';
export {
  planReplay,
  type ReplayJobStep,
  type ReplayPlan,
  replayedChildOf,
  replayedSplitParents,
} from './plan-replay';
export type { SelectedReplayPlan } from './plan-selected-replay';
export type {
  EvaluationDeadLetter,
  EvaluationPrune,
  PruneEvaluationOptions,
} from './prune-evaluation-records';
export { ReplayExecutor, type ReplayExecutorOptions, type ReplayRun } from './replay-executor';
export { replayJobId } from './replay-job-id';
export { checkReplayOptions } from './replay-options-check';
export { ReplayOverrides, type ReplayOverridesInput } from './replay-overrides';
export { type PlanReplayStepOptions, planReplayStep, type ReplayStep, type SkipReason } from './replay-plan';
export type { PlannedReplay, ReplayProgress, ReplayReport } from './replay-report';
export { type ReplaySurvey, surveyReplay } from './run-replay';
export { entryMatchesSelectors, matchesSelectors, newestFirst, selectRecords } from './select-records';
export {
  type OverridesText,
  overridesFromText,
  type SelectorText,
  selectorsFromText,
} from './selectors-from-text';
export { type SplitChildRows, type SplitChildRowsOptions, splitChildRows } from './split-child-rows';
export { splitPagesLabel, splitPartText, splitPathsLabel } from './split-labels';
export { parseDuration, parseTimeSelector, timeSelectorForm } from './time-selector';
export { type TopIssue, topIssueOf, topIssueText } from './top-issue';
export type {
  DlqDetail,
  ListDlqOptions,
  PlanReplayOptions,
  ReplayOptions,
  Triage,
  TriageOptions,
} from './triage';
export { triageDefaults } from './triage-defaults';
export { type TriageEnvValues, triageEnv, triageSettings } from './triage-env';
