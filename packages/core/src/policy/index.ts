export { BadDocumentError } from './bad-document-error';
export { BadPayloadError } from './bad-payload-error';
export { type DecideFailureOptions, decideFailure, failurePolicyDefaults } from './decide-failure';
export type {
  DeadLetterReason,
  FailureDecision,
  FailureReasonKind,
  RetryReasonKind,
} from './failure-decision';
export { type FullJitterBackoffOptions, fullJitterBackoff } from './full-jitter-backoff';
export { InvalidJobDataError } from './invalid-job-data-error';
