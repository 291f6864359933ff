import { BatchCancelError } from '@quarry/anthropic';
import { BlobStoreError } from '@quarry/blobs';
import {
  DeadLetteredError,
  DocumentRejectedError,
  EnqueueValidationError,
  WaitTimeoutError,
} from '@quarry/client';
import { ConfigError } from '@quarry/env';
import { LabelledSetError } from '@quarry/eval';
import {
  dlqReasonLabel,
  RedisUnavailableError,
  TenantInputError,
  UnknownBatchError,
  WebhookInputError,
} from '@quarry/queue';
import { DlqRecordNotFoundError, ReplayOptionsError, SelectorError } from '@quarry/triage';
// The error alone: the loader (YAML, JSONata) stays out of the CLI's start-up.
import { WorkflowFileError } from '@quarry/workflow-files/error';
import { type ExitCode, exitCodes } from './exit-codes';
import { UsageError } from './usage-error';

/** How one error class ends a command: its exit code and the message printed after `quarry <command>: `. */
interface ErrorExit<E extends Error> {
  readonly type: abstract new (...args: never[]) => E;
  readonly exitCode: ExitCode;
  readonly message: (error: E, command: string) => string;
}

const exit = <E extends Error>(
  type: ErrorExit<E>['type'],
  exitCode: ExitCode,
  message: ErrorExit<E>['message'],
): ErrorExit<Error> => ({
  type,
  exitCode,
  message: (error, command) => message(error as E, command),
});

const list = (lines: readonly string[]) => lines.map((line) => `\n  - ${line}`).join('');

/** What a lost Redis meant for `enqueue`, by the client operation that found it out. */
const redisConsequence: Readonly<Record<string, string>> = {
  enqueue: 'nothing was enqueued',
  getStatus: 'the job carries on',
  'blobs gc': 'no blob was removed',
};

/**
 * THE map from error classes to exit codes: every error a command ends with is printed as
 * `quarry <command>: <message>` and exits with the code of the first class it is an instance of;
 * any other error exits with `failure`, printed as `Name: message`.
 */
export const errorExits: readonly ErrorExit<Error>[] = [
  exit(
    UsageError,
    exitCodes.failure,
    (e, command) => `${e.message}\nRun "quarry ${command} --help" for usage.`,
  ),
  exit(ConfigError, exitCodes.failure, (e) => e.message),
  exit(WorkflowFileError, exitCodes.failure, (e) => e.message),
  exit(LabelledSetError, exitCodes.failure, (e) => e.message),
  exit(SelectorError, exitCodes.failure, (e) => `invalid selection, nothing was changed:${list(e.problems)}`),
  exit(
    ReplayOptionsError,
    exitCodes.failure,
    (e) => `invalid options, nothing was changed:${list(e.problems)}`,
  ),
  exit(EnqueueValidationError, exitCodes.failure, (e) =>
    [
      'invalid job, nothing was enqueued:',
      list(e.problems.map((problem) => `${problem.path || '(job data)'}: ${problem.message}`)),
    ].join(''),
  ),
  exit(
    DocumentRejectedError,
    exitCodes.failure,
    (e) => `document refused, nothing was enqueued: ${e.message}`,
  ),
  exit(BlobStoreError, exitCodes.failure, (e) => `${e.message}; nothing was enqueued`),
  exit(DlqRecordNotFoundError, exitCodes.failure, (e) => e.message),
  exit(UnknownBatchError, exitCodes.failure, (e) => e.message),
  exit(WebhookInputError, exitCodes.failure, (e) => `${e.problem}: ${e.message}; nothing was changed`),
  exit(
    TenantInputError,
    exitCodes.failure,
    (e) => `invalid tenant settings, nothing was changed:${list(e.problems)}`,
  ),
  exit(BatchCancelError, exitCodes.failure, (e) => e.message),
  exit(RedisUnavailableError, exitCodes.failure, (e) => {
    const consequence = redisConsequence[e.operation];
    return consequence ? `Redis${e.url ? ` at ${e.url}` : ''} is unavailable; ${consequence}` : e.message;
  }),
  exit(
    DeadLetteredError,
    exitCodes.deadLettered,
    (e) => `job ${e.jobId} was dead-lettered as ${e.dlqId}: ${dlqReasonLabel(e.reason)}: ${e.reason.message}`,
  ),
  exit(
    WaitTimeoutError,
    exitCodes.timeout,
    (e) => `job ${e.jobId} is still ${e.lastState} after ${e.timeoutMs / 1000} s; it carries on`,
  ),
];

/** The exit code `error` ends a command with ({@link errorExits}). */
export function exitCodeOf(error: unknown): ExitCode {
  return errorExits.find((entry) => error instanceof entry.type)?.exitCode ?? exitCodes.failure;
}

/** Prints why `command` failed on standard error (one neutralised message) and returns its exit code. */
export function reportCliError(options: {
  readonly error: unknown;
  readonly command: string;
  readonly stderr: (text: string) => void;
}): ExitCode {
  const { error, command } = options;
  const entry = errorExits.find((candidate) => error instanceof candidate.type);
  const message = entry
    ? entry.message(error as Error, command)
    : error instanceof Error
      ? `${error.name}: ${error.message}`
      : String(error);
  options.stderr(`quarry ${command}: ${message}\n`);
  return entry?.exitCode ?? exitCodes.failure;
}
