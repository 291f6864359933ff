export { anthropicEnv } from './anthropic-env';
export { anthropicModelClientDefaults } from './anthropic-model-client-defaults';
export { BatchCancelError } from './batch-cancel-error';
export { CallDeadlineError } from './call-deadline-error';
export { type CancelMessageBatchOptions, cancelMessageBatch } from './cancel-message-batch';
export {
  type AnthropicModelClientOptions,
  createAnthropicModelClient,
} from './create-anthropic-model-client';
export { createFilesUploader, type FilesUploaderOptions, filesApiBeta } from './create-files-uploader';
export { filesBetaHeaders, referencesFiles } from './files-beta-headers';
export { parseRetryAfter, type RetryAfterReading, readRetryAfter } from './parse-retry-after';
export { readRateLimitHeaders } from './read-rate-limit-headers';
export { answerToolDescription, type ToMessageParamsOptions, toMessageParams } from './to-message-params';
export { toModelResponse } from './to-model-response';
export { kindOfStatus, type ToTransportErrorOptions, toTransportError } from './to-transport-error';
export { withCallDeadline } from './with-call-deadline';
export { serverSideFallbackBeta, withFallbacks } from './with-fallbacks';
