export { BatchOptions, type BatchShareKind, BatchShares, batchShareKinds } from './batch-options';
export type { BatchStats } from './batch-stats';
export {
  type BatchIndividualResponse,
  type BatchProcessingStatus,
  type BatchRequestCounts,
  type BatchResult,
  batchLimits,
  type DeletedMessageBatchWire,
  type MessageBatchPage,
  type MessageBatchWire,
} from './batch-wire';
export { type BilledUsage, batchPriceFactor } from './billed-usage';
export { maxDroppedCreateResponses } from './control-endpoint';
export { documentLimits } from './document-reader';
export type { FaultKind } from './fault';
export type { FileOptions } from './file-options';
export { type Hallucination, planHallucination } from './hallucination';
export { InvalidStandinOptionsError } from './invalid-standin-options-error';
export { LabelledManifestLine } from './labelled-manifest-line';
export { LabelledSetError, type LabelledSetProblem } from './labelled-set-error';
export type { RequestLane } from './message-responder';
export {
  type MessageResponse,
  type MessagesRequestBody,
  type RequestBlock,
  type RequestMessage,
  type RequestTool,
  type WireRefusalCategory,
  wireRefusalCategories,
} from './messages-wire';
export { fallbackBetaPrefix } from './model-rules';
export { MutationKind } from './mutation';
export { PlantOptions } from './plant-options';
export {
  type PlantedKind,
  type PlantedMistake,
  type PlantedPlan,
  planPlantedMistakes,
} from './planted-mistakes';
export type { PlantedDocument, PlantedReport, PlantedTotals } from './planted-report';
export { RateLimitOptions } from './rate-limit-options';
export { labelledSetLimits, type ReadLabelledSetOptions, readLabelledSet } from './read-labelled-set';
export type { RecordedRequest } from './recorded-request';
export type { SimulationCounters } from './simulated-model';
export {
  CorpusEntry,
  FaultOptions,
  LatencyOptions,
  MistakeOptions,
  PersistentMistake,
  SimulateOptions,
  type StandinOptions,
  type StandinScript,
  standinThinkingTokens,
} from './standin-options';
export { StandinReply } from './standin-reply';
export type { DocumentCalls, StandinStats } from './standin-stats';
export { type Standin, startStandin } from './start-standin';
export { visibleTruth } from './visible-truth';
