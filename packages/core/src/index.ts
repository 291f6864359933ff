export { AttemptRecord } from './attempts/attempt-record';
export type { AppendAttemptOptions, AppendedAttempt, AttemptStore } from './attempts/attempt-store';
export { InMemoryAttemptStore } from './attempts/in-memory-attempt-store';
export type { BlobCallOptions, BlobEntry, BlobPage, BlobPut, BlobStore } from './blobs/blob-store';
export { type CostOfOptions, costOf } from './cost/cost-of';
export { promptTokens, requestCost, requestPrices } from './cost/request-prices';
export { BLOB_KEY_PATTERN, BlobKey } from './document/blob-key';
export {
  decideLostFile,
  type FileCheck,
  type LostFileDecision,
  mayBeLostFile,
  referencedFileId,
  suspectedLostFile,
} from './document/decide-lost-file';
export { DocumentMediaType } from './document/document-media-type';
export { documentOfInput } from './document/document-of-input';
export {
  Base64DocumentSource,
  BlobDocumentSource,
  DocumentSource,
  MAX_DOCUMENT_URL_LENGTH,
  UrlDocumentSource,
} from './document/document-source';
export {
  type DocumentTokenFacts,
  documentTokenEstimate,
  documentTokenFigures,
} from './document/document-token-estimate';
export type { DocumentUploader } from './document/document-uploader';
export { DEFAULT_INLINE_DOCUMENT_MAX_BYTES, decodedBase64Bytes } from './document/inline-document-bytes';
export { inlineDocumentProblem } from './document/inline-document-problem';
export { JobDocument } from './document/job-document';
export type { ResolvedDocument } from './document/resolved-document';
export { type ExhaustedKind, ExtractionExhaustedError } from './errors/extraction-exhausted-error';
export { ExtractionRejectedError, type RejectedKind } from './errors/extraction-rejected-error';
export {
  ModelTransportError,
  type RetryAfterProblem,
  type TransportErrorKind,
} from './errors/model-transport-error';
export { RuleCheckError } from './errors/rule-check-error';
export { WorkflowNotFoundError } from './errors/workflow-not-found-error';
export { type EarlierAttempt, type RenderFeedbackOptions, renderFeedback } from './feedback/render-feedback';
export { renderLessons } from './feedback/render-lessons';
export { FieldOutcome, FieldStatus } from './grounding/field-outcome';
export type { Evidence, Grounder, GroundingConfidence, GroundingVerdict } from './grounding/grounder';
export {
  DateOrder,
  FieldGrounding,
  GroundingConfig,
  GroundingConfigObject,
  GroundingMode,
  type GroundingSetting,
  ValueKind,
} from './grounding/grounding-config';
export { GroundingConfigError } from './grounding/grounding-config-error';
export { Locale } from './grounding/locale';
export { parseGroundingConfig } from './grounding/parse-grounding-config';
export { Provenance, ProvenanceEntry } from './grounding/provenance';
export { provenanceByPage } from './grounding/provenance-by-page';
export { WeakField } from './grounding/weak-field';
export {
  type DecideLessonEffectOptions,
  decideLessonEffect,
  type LessonEffectDecision,
  type LessonEffectPolicy,
  lessonEffectDefaults,
} from './history/decide-lesson-effect';
export type {
  FirstAttemptExposure,
  HistoryKey,
  HistoryStore,
  IssueObservation,
} from './history/history-store';
export { InMemoryHistoryStore, type InMemoryHistoryStoreOptions } from './history/in-memory-history-store';
export { Lesson } from './history/lesson';
export { LessonEffect, LessonEffectCounts, LessonRetirement, LessonState } from './history/lesson-effect';
export type {
  LessonCandidate,
  LessonCandidatesOptions,
  LessonEffectStore,
  LessonJobCounts,
} from './history/lesson-effect-store';
export { cut, excerpt, excerptMaxChars } from './issues/excerpt';
export { Issue, IssueSource } from './issues/issue';
export { formatPath, issueSignature, normalizePath, uniqueSignatures } from './issues/issue-signature';
export { RULE_ERROR, ruleErrorIssue } from './issues/rule-error-issue';
export {
  type CorrectedOutputCheck,
  checkCorrectedOutput,
  MAX_OUTPUT_PROBLEMS,
  type OutputProblem,
} from './labelled/check-corrected-output';
export {
  type CorrectedField,
  correctedFields,
  correctionObservations,
  MAX_CORRECTED_FIELDS,
} from './labelled/corrected-fields';
export { JsonValue, MAX_JSON_DEPTH } from './labelled/json-value';
export {
  type LabelledDocumentOfInput,
  labelledDocumentOfInput,
} from './labelled/labelled-document-of-input';
export {
  LabelledDocument,
  LabelledItem,
  LabelledItemId,
  type LabelledItemInput,
  LabelledSource,
  LabelledWorkflow,
  MAX_EXPECTED_BYTES,
  MAX_LABELLED_ITEM_BYTES,
} from './labelled/labelled-item';
export { LABELLED_SET_NAME_PATTERN, LabelledSetName, reviewedSetName } from './labelled/labelled-set-name';
export { LabelledSetSummary } from './labelled/labelled-set-summary';
export { ClimbReason } from './ladder/climb-reason';
export { type LadderStep, type LadderStepOptions, ladderStep } from './ladder/ladder-step';
export type { ModelRung } from './ladder/model-rung';
export { askedOf, rungOf } from './ladder/rung-of';
export { Lane, LanePromotion } from './lane/lane';
export { batchPriceFactor, lanePriceFactor } from './lane/lane-price-factor';
export { type ResolveLaneOptions, resolveLane } from './lane/resolve-lane';
export { capUtf8 } from './loop/cap-utf8';
export { extract } from './loop/extract';
export { type ExtractSettings, extractDefaults, resolveExtractSettings } from './loop/extract-defaults';
export type {
  ExtractBudget,
  ExtractOptions,
  ExtractWarning,
  StoredAttemptsOptions,
} from './loop/extract-options';
export type { ExtractionResult } from './loop/extraction-result';
export { noTextLayerReason } from './loop/reply-grounding';
export { CacheMissReason, cacheMissReasonOf } from './model/cache-miss-reason';
export { DocumentRef } from './model/document-ref';
export type { ModelCallOptions, ModelClient } from './model/model-client';
export type { ContentPart, ModelMessage, ModelRequest } from './model/model-request';
export type { ModelResponse, ResponsePart, StopReason } from './model/model-response';
export { OutputStrategy } from './model/output-strategy';
export { RefusalCategory, refusalCategoryOf } from './model/refusal-category';
export { addUsage, emptyUsage, Usage } from './model/usage';
export { defaultModelTable } from './models/default-model-table';
export { documentLimitsOf, type JobDocumentLimits } from './models/document-limits-of';
export { DocumentLimitsSpec, platformDocumentLimits } from './models/document-limits-spec';
export { effortForAttempt } from './models/effort-for-attempt';
export { type EffortPlan, type EffortPlanOfOptions, effortPlanOf, higherEffort } from './models/effort-plan';
export { EffortLadder, EffortSetting } from './models/effort-setting';
export {
  forcedToolOnlyRules,
  modelTableChecked,
  noForcedToolRules,
  platformDocs,
} from './models/model-sources';
export {
  Effort,
  effortLevels,
  ModelId,
  ModelSpec,
  type ModelSpecInput,
  ModelStatus,
  ModelTable,
  maxUsdPerMTok,
  PriceTier,
  platformContextWindow,
  SpecSource,
  ThinkingMode,
  TokenPrices,
} from './models/model-spec';
export { modelSpecOf } from './models/model-spec-of';
export { modelTableMarkdown, modelTableMarks, replaceModelTableSection } from './models/model-table-markdown';
export { type EffortStep, nextEffort } from './models/next-effort';
export { type RequestRules, requestRulesOf, thinksByDefault } from './models/request-rules';
export {
  type RetirementNotice,
  type RetirementNoticesOptions,
  retirementNotices,
  retirementWarningDays,
} from './models/retirement-notices';
export {
  countStructuredOutputParameters,
  type StructuredOutputCounts,
  structuredOutputLimits,
} from './models/structured-output-limits';
export { type UnpricedModel, unpricedModels } from './models/unpriced-models';
export { clampTimerDelay, MAX_TIMER_DELAY_MS } from './pacing/clamp-timer-delay';
export { type HeaderBudget, headerBudget } from './pacing/header-budget';
export {
  charactersPerToken,
  inputEstimateMargin,
  type PacingDraw,
  type PacingDrawOptions,
  pacingDraw,
} from './pacing/pacing-draw';
export { type PacingSettlement, pacingSettlement } from './pacing/pacing-settlement';
export { rateLimitClassOf } from './pacing/rate-limit-class';
export {
  hasRateLimits,
  maxRateLimitValue,
  maxResetAheadMs,
  RateLimitDimension,
  type RateLimitDimensionName,
  RateLimitReading,
  rateLimitDimensions,
} from './pacing/rate-limit-reading';
export {
  BadDocumentError,
  BadPayloadError,
  type DeadLetterReason,
  type DecideFailureOptions,
  decideFailure,
  type FailureDecision,
  type FailureReasonKind,
  type FullJitterBackoffOptions,
  failurePolicyDefaults,
  fullJitterBackoff,
  InvalidJobDataError,
  type RetryReasonKind,
} from './policy';
export { SplitParentError } from './policy/split-parent-error';
export { TenantBudgetExhaustedError } from './policy/tenant-budget-exhausted-error';
export { type BuildRequestOptions, buildRequest, type FailedReply } from './request/build-request';
export {
  type BreakpointDecision,
  breakEvenFailureRate,
  type CachePlacement,
  type CachePlacementOptions,
  type CachePlacementPolicy,
  cacheDefaults,
  decideCachePlacement,
  type FirstAttemptHistory,
} from './request/cache-placement';
export { documentOf } from './request/document-of';
export { estimateTokens } from './request/estimate-tokens';
export { toolNameFor } from './request/tool-name-for';
export { withCacheBreakpoints } from './request/with-cache-breakpoints';
export { supportedStringFormats, toOutputJsonSchema } from './schema/to-output-json-schema';
export { ChildPart, childWorkflow } from './split/child-workflow';
export { combineGroupOutputs, GroupOutput } from './split/combine-group-outputs';
export { MergeRule, MergeWindowOutputsOptions, WindowOutput } from './split/merge-input';
export {
  type ConflictValue,
  type MergeConflict,
  type MergedWindowOutputs,
  mergeWindowOutputs,
} from './split/merge-window-outputs';
export { outputLeafPaths } from './split/output-leaf-paths';
export { pickOutputPaths } from './split/pick-output-paths';
export {
  fieldGroupDefaults,
  type PlanFieldGroupsOptions,
  planFieldGroups,
  type SchemaLimits,
} from './split/plan-field-groups';
export {
  type PageWindow,
  type PlanPageWindowsOptions,
  pageWindowDefaults,
  planPageWindows,
} from './split/plan-page-windows';
export {
  type PlanSplitOptions,
  planSplit,
  type SplitPlan,
  SplitReason,
  splitEstimates,
} from './split/plan-split';
export { SplitInputError } from './split/split-input-error';
export { type SplitPathProblemsOptions, splitPathProblems } from './split/split-path-problems';
export {
  type ResolvedSplitSetting,
  resolveSplitSetting,
  SplitSetting,
  SplitSettingObject,
  splitDefaults,
  splitSettingProblems,
} from './split/split-setting';
export { type TextPagesOptions, textPageDefaults, textPages } from './split/text-pages';
export {
  type DecideTenantGateOptions,
  decideTenantGate,
  type TenantAdmission,
  type TenantGateDecision,
  tenantGateDefaults,
} from './tenant/decide-tenant-gate';
export {
  FAIR_SHARE_BASE_TOKENS,
  FAIR_SHARE_PDF_PAGE_TOKENS,
  type FairShareCostOptions,
  fairShareCost,
} from './tenant/fair-share-cost';
export { jobFairCost } from './tenant/job-fair-cost';
export { DEFAULT_TENANT, TENANT_ID_PATTERN, TenantId, tenantOf } from './tenant/tenant-id';
export { type TenantPeriods, tenantPeriods } from './tenant/tenant-periods';
export {
  MAX_TENANT_BUDGET_USD,
  MAX_TENANT_CONCURRENCY,
  MAX_TENANT_WEIGHT,
  TenantSettings,
  TenantsFile,
  tenantDefaults,
  tenantIsGated,
} from './tenant/tenant-settings';
export { type JsonErrorLocation, locateJsonError } from './validation/locate-json-error';
export {
  type ReplyOutput,
  type ReplyValidation,
  type ValidateReplyOptions,
  validateReply,
} from './validation/validate-reply';
export {
  MAX_ATTEMPTS_PER_MODEL,
  MAX_LADDER_MODELS,
  modelLadderProblems,
} from './workflow/check-model-ladder';
export {
  type AnyWorkflow,
  defineWorkflow,
  MAX_FALLBACKS,
  type WorkflowDefinition,
  type WorkflowHistoryScope,
} from './workflow/define-workflow';
export { checkExamples, type FewShotExample, MAX_EXAMPLES } from './workflow/few-shot-example';
export type { Rule, RuleContext, RuleFinding, RuleSeverity } from './workflow/rule';
export { WorkflowExampleError } from './workflow/workflow-example-error';
export { WorkflowRegistry } from './workflow/workflow-registry';
