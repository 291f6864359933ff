export {
  ApiIdempotencyStore,
  type ApiIdempotencyStoreOptions,
  type IdempotencyClaim,
} from './api-idempotency-store';
export {
  ApiKeyId,
  ApiKeyInfo,
  ApiKeyRequest,
  ApiKeyStore,
  type ApiKeyStoreOptions,
  ApiKeyWorkflows,
  MAX_API_KEY_NAME_CHARS,
  MAX_API_KEY_WORKFLOWS,
} from './api-key-store';
export { ApiRateLimiter, type ApiRateLimiterOptions, type RateDecision } from './api-rate-limiter';
export { type AssertRedisSafeOptions, assertRedisSafe } from './assert-redis-safe';
export { type AttemptInput, attemptInputHash } from './attempt-input-hash';
export { attemptJobKey } from './attempt-job-key';
export {
  type DlqIndexBackfill,
  dlqJobTypes,
  type EnsureDlqIndexOptions,
  ensureDlqIndex,
} from './backfill-dlq-index';
export type { BatchEntry } from './batch-entry';
export type { BatchIntent } from './batch-intent';
export {
  BATCH_ENTRY_SETTLED,
  type BatchInFlight,
  BatchLaneStore,
  type BatchLaneStoreOptions,
} from './batch-lane-store';
export { type AcquireBatchLeaseOptions, acquireBatchLease, releaseBatchLease } from './batch-lease';
export { BATCH_RECORD_RETENTION_SECONDS, BatchRecords, type BatchRecordsOptions } from './batch-records';
export {
  BatchDetail,
  BatchRequestView,
  BatchResultType,
  BatchStatus,
  BatchSummary,
  batchSummaryOf,
  CollectorState,
} from './batch-summary';
export { BATCHES_VIEW_LIMITS, BatchesView, type BatchesViewOptions } from './batches-view';
export {
  BLOB_DELETION_LEASE_MS,
  type BlobDeletionClaim,
  BlobGcMarks,
  type BlobGcMarksOptions,
} from './blob-gc-marks';
export { BlobGcSnapshotTooOldError } from './blob-gc-snapshot-too-old-error';
export { blobReferences } from './blob-references';
export { type BuildDlqRecordOptions, buildDlqRecord } from './build-dlq-record';
export { closeConnection } from './close-connection';
export { type CloseQueuesOptions, closeQueues } from './close-queues';
export {
  CompletedRetention,
  type CompletedRetentionOptions,
  type RetentionSweep,
} from './completed-retention';
export { type CountTenantJobsOptions, countTenantJobs, type TenantJobCounts } from './count-tenant-jobs';
export {
  DashboardSession,
  DashboardSessionStore,
  type DashboardSessionStoreOptions,
} from './dashboard-session-store';
export {
  type DeadLetterOptions,
  DeadLetterWriter,
  type DeadLetterWriterOptions,
  type DlqWriteResult,
  type ReconcileOptions,
} from './dead-letter-writer';
export { deletePrefixedKeys } from './delete-prefixed-keys';
export { type DlqGroupSummary, parseDlqGroupSummary, tallyDlqGroups } from './dlq-group-summary';
export { dlqIdFor, isDlqId, type JobGeneration } from './dlq-id';
export { DlqIndexConflictError } from './dlq-index-conflict-error';
export { type DlqIndexed, readDlqIndexEntries } from './dlq-index-entries';
export {
  DlqIndexEntry,
  DlqIndexState,
  DlqIssueCount,
  dlqIndexEntry,
  dlqIndexState,
  dlqIssueCounts,
} from './dlq-index-entry';
export {
  countDlqIndexes,
  type DlqIndexItem,
  type DlqIndexName,
  type DlqTimeWindow,
  dlqIndexKey,
  readDlqIndexPage,
} from './dlq-index-page';
export { attemptLogLine, dlqJobName } from './dlq-job-display';
export { countIndexedDlqRecords, findDlqIdBySource, readDlqRecord } from './dlq-lookup';
export { DlqReason, DlqReasonKind, dlqReasonMaxChars, dlqReasonMessage } from './dlq-reason';
export { DlqReasonLabel, dlqReasonLabel, reasonMatches } from './dlq-reason-label';
export { DlqRecord, DlqSplit, DlqSplitChild, DlqState, DlqTotals, ReplayMark } from './dlq-record';
export { dlqTotals } from './dlq-totals';
export { DocumentFileStore, type DocumentFileStoreOptions } from './document-file-store';
export {
  EvalRunId,
  EvalRunListing,
  EvalRunStore,
  type EvalRunStoreOptions,
  evalRunStoreDefaults,
  type UnreadableEvalRun,
} from './eval-run-store';
export { EvalRunTooLargeError } from './eval-run-too-large-error';
export {
  ExtractionJobResult,
  SplitConflictReport,
  SplitReport,
  toExtractionJobResult,
} from './extraction-job-result';
export { type ExtractionQueueOptions, extractionQueue, watchErrors } from './extraction-queue';
export { FairOrder, type FairOrderEntry, type FairOrderOptions, fairOrderDefaults } from './fair-order';
export { type FingerprintOptions, fingerprint } from './fingerprint';
export {
  type FirstRunTrace,
  FirstRunTraceStore,
  type FirstRunTraceStoreOptions,
} from './first-run-trace-store';
export { isBatchId } from './is-batch-id';
export {
  JobBudget,
  JobData,
  JobInput,
  JobMetadata,
  JobOverrides,
  Lineage,
  MAX_BUDGET_COST_USD,
  MAX_BUDGET_TOKENS,
  MAX_METADATA_BYTES,
  MetadataValue,
} from './job-data';
export { jobDataJsonSchema, jobDataJsonSchemaText, writeJobDataJsonSchema } from './job-data-json-schema';
export {
  evaluationHistoryScope,
  JobEvaluation,
  type JobEvaluationInput,
  MAX_EVALUATION_ITEM_ID,
  MAX_EVALUATION_RUN_ID,
} from './job-evaluation';
export { JobPart, MAX_SPLIT_CHILDREN, MAX_SPLIT_PAGES, PartWindow } from './job-part';
export { JobTrace, MAX_JOB_TRACEPARENT_LENGTH, MAX_JOB_TRACESTATE_LENGTH } from './job-trace';
export {
  type BatchKeys,
  type BlobGcKeys,
  bullJobLogsKey,
  type DlqIndexKeys,
  type EvalRunKeys,
  type HistoryKeys,
  isHashTagged,
  type LabelledSetKeys,
  type LoginFailureScope,
  type QuarryKeys,
  type QuarryKeysOptions,
  quarryKeys,
  type TenantKeys,
  type WebhookKeys,
  type WorkflowStatsKeys,
} from './keys';
export { labelledSetDefaults } from './labelled-set-defaults';
export { LabelledSetInputError } from './labelled-set-input-error';
export { type LabelledSetLimit, LabelledSetLimitError } from './labelled-set-limit-error';
export {
  type LabelledItemPage,
  type LabelledPut,
  LabelledSetStore,
  type LabelledSetStoreOptions,
  type NotInReview,
} from './labelled-set-store';
export { logRedisCheck, type RedisCheckLog } from './log-redis-check';
export { LoginFailureLimiter, type LoginFailureLimiterOptions } from './login-failure-limiter';
export { type MarkReplayedOptions, type MarkReplayedOutcome, markReplayed } from './mark-replayed';
export { MAX_MODEL_ID_LENGTH, ModelId } from './model-id';
export {
  allowedModelsFor,
  type ModelOverrideCheckOptions,
  modelOverrideProblem,
  modelOverridesProblems,
} from './model-override-check';
export { type OpenQueuesOptions, openQueues, type QuarryQueues } from './open-queues';
export {
  type BucketWindow,
  type CountSeries,
  type OutcomeSeries,
  OVERVIEW_MAX_BUCKETS,
  OverviewCounts,
  type OverviewCountsOptions,
  type ReviewAges,
} from './overview-counts';
export {
  PacerBudgetStore,
  type PacerBudgetStoreOptions,
  type PacerCeilings,
  type PacerGrant,
  type PacerLevels,
  type PacerSettleOptions,
  pacerBudgetDefaults,
} from './pacer-budget-store';
export {
  EXTRACTION_JOB_NAME,
  extractionJobOptions,
  QUARRY_BACKOFF_TYPE,
  QueueConfig,
  type QueueConfigInput,
  queueDefaults,
} from './queue-config';
export { defaultRedisUrl, inlineDocumentEnv, queueEnv, redisUrlVar } from './queue-env';
export { QueuePause, type QueuePauseOptions } from './queue-pause';
export { RateLimitBounceStore, type RateLimitBounceStoreOptions } from './rate-limit-bounce-store';
export { readDlqGroupSummaries } from './read-dlq-group-summaries';
export { type ExtractionJobSnapshot, MAX_JOB_ID_CHARS, readExtractionJob } from './read-extraction-job';
export type { UnreadableLabelledItem } from './read-labelled-item';
export {
  type JobCount,
  readTenantsView,
  type TenantRow,
  type TenantsView,
  type TenantsViewOptions,
  tenantsViewDefaults,
} from './read-tenants-view';
export { CLEAR_WINDOW_MS, RedisAttemptStore, type RedisAttemptStoreOptions } from './redis-attempt-store';
export {
  duplicateClient,
  producerCommandTimeoutMs,
  type RedisClient,
  type RedisConnectionOptions,
  type RedisRole,
  redisClient,
  redisConnection,
} from './redis-connection';
export { factsFromInfo, parseInfo, type RedisFacts, readRedisFacts } from './redis-facts';
export { RedisGate, type RedisGateOptions } from './redis-gate';
export { RedisHistoryStore, type RedisHistoryStoreOptions } from './redis-history-store';
export { jobMemoryUsage, usedMemoryBytes } from './redis-memory';
export {
  checkRedis,
  evaluateRedisFacts,
  type RedisCheckFinding,
  type RedisCheckOptions,
  type RedisCheckReport,
} from './redis-self-check';
export { RedisSelfCheckError } from './redis-self-check-error';
export { RedisUnavailableError } from './redis-unavailable-error';
export { parseRedisUrl, redactRedisUrl } from './redis-url';
export { readReplayedDlqIds } from './replayed-dlq-ids';
export { type ReviewCorrectionProblem, reviewCorrectionProblem } from './review-correction-problem';
export {
  type ReviewCorrection,
  ReviewCorrections,
  type ReviewCorrectionsOptions,
} from './review-corrections';
export { ReviewEntry } from './review-entry';
export { ReviewIndex, type ReviewListOptions, type UnreadableReviewEntry } from './review-index';
export type { QuarryScript } from './scripts/quarry-script';
export {
  type DlqGroupReply,
  type QuarryScriptCommands,
  type QuarryScriptTransaction,
  quarryScripts,
  withQuarryScripts,
} from './scripts/quarry-scripts';
export type { SourceJob } from './source-job';
export {
  SplitChildFailure,
  SplitPieceTooLargeError,
  SplitStore,
  type StoredSplit,
  splitStoreDefaults,
} from './split-store';
export { TenantInputError } from './tenant-input-error';
export { TenantSettingsCache, tenantSettingsCacheDefaults } from './tenant-settings-cache';
export {
  MAX_TENANTS_WITH_SETTINGS,
  type TenantAdmitOptions,
  TenantStore,
  type TenantStoreOptions,
} from './tenant-store';
export {
  addTenantUsage,
  emptyTenantUsage,
  type TenantUsageCounts,
  type TenantUsageTotals,
} from './tenant-usage-counts';
export {
  type TenantUsage,
  type TenantUsageEntry,
  TenantUsageStore,
  tenantUsageDefaults,
} from './tenant-usage-store';
export { TENANT_WAIT_BUCKETS_MS, tenantWaitBucket, tenantWaitQuantileMs } from './tenant-wait-histogram';
export { TolerantJob } from './tolerant-job';
export { TolerantQueue } from './tolerant-queue';
export { TolerantWorker } from './tolerant-worker';
export {
  type ExecWithJobsOptions,
  type ExecWithJobsResult,
  execWithJobs,
  type TransactionalJob,
  type TransactionCommands,
} from './transactional-add';
export {
  type EnqueueOutcome,
  TransactionalEnqueuer,
  type TransactionalEnqueuerOptions,
} from './transactional-enqueuer';
export { type UnindexDlqRecordOptions, unindexDlqRecord } from './unindex-dlq-record';
export { UnknownBatchError } from './unknown-batch-error';
export {
  type JobJsonField,
  UNREADABLE_TEXT_BYTES,
  UnreadableJobData,
  type UnreadableJobField,
} from './unreadable-job-data';
export { BULLMQ_STALLED_REASON, unrecordedFailureReason } from './unrecorded-failure-reason';
export { utf8Bytes } from './utf8-bytes';
export { WEBHOOK_BATCH_JOB_IDS_LIMIT, WebhookBatchEnded } from './webhook-batch-ended';
export {
  FailedWebhookDelivery,
  openWebhookQueue,
  WEBHOOK_BACKOFF_TYPE,
  WebhookDelivery,
  webhookDeliveryId,
  webhookJobOptions,
  webhookQueueName,
} from './webhook-delivery';
export { WebhookDeliveryDlq, type WebhookDeliveryDlqOptions } from './webhook-delivery-dlq';
export { type WebhookEmission, WebhookEmitter, type WebhookEmitterOptions } from './webhook-emitter';
export {
  allowedNetworks,
  type WebhookSettings,
  webhookBackoffDelay,
  webhookDefaults,
  webhookEnv,
  webhookSettings,
} from './webhook-env';
export { WEBHOOK_TEST_EVENT, WebhookEventType, WebhookSubject, webhookEventId } from './webhook-event';
export { WebhookInputError, type WebhookInputProblem } from './webhook-input-error';
export {
  StoredWebhookSubscription,
  WebhookDeliveryOutcome,
  WebhookSubscription,
  WebhookSubscriptionId,
  WebhookTenant,
} from './webhook-subscription';
export {
  type AddWebhookSubscription,
  WebhookSubscriptionStore,
  type WebhookSubscriptionStoreOptions,
  webhookSubscriptionDefaults,
} from './webhook-subscription-store';
export {
  addWorkflowStats,
  emptyWorkflowStats,
  scalarFieldNames,
  type WorkflowStatsCounts,
  type WorkflowVersion,
} from './workflow-stats-counts';
export {
  type DecayedWorkflowRate,
  WorkflowStatsStore,
  type WorkflowStatsStoreOptions,
  workflowStatsDefaults,
} from './workflow-stats-store';
export { summarizeWorkflowStats, type WorkflowStatsSummary } from './workflow-stats-summary';
