export type { CliCommand, ParsedCommandLine } from './cli-command';
export {
  type CliAnthropicConfig,
  CliAnthropicEnv,
  type CliConfig,
  CliEnv,
  type CliTriageConfig,
  CliTriageEnv,
  CliWebhookEnv,
  cliAnthropicConfig,
  cliConfig,
  cliTriageConfig,
} from './cli-config';
export type { CliContext, CliTerminal } from './cli-context';
export { type CliModelsConfig, CliModelsEnv, cliModelsConfig } from './cli-models-config';
export { commands } from './commands';
export { dlqGroupsCommand } from './commands/dlq-groups-command';
export { dlqListCommand } from './commands/dlq-list-command';
export { dlqPruneCommand } from './commands/dlq-prune-command';
export { dlqShowCommand } from './commands/dlq-show-command';
export { enqueueCommand } from './commands/enqueue-command';
export {
  DEFAULT_TIMEOUT_SECONDS,
  EnqueueFlags,
  type EnqueueRequest,
  enqueueOptions,
} from './commands/enqueue-flags';
export {
  type DocumentSource,
  maxDocumentFileBytes,
  type ReadDocument,
  readDocument,
} from './commands/read-document';
export { renderDlqDetail } from './commands/render-dlq-detail';
export { replayDlqCommand } from './commands/replay-dlq-command';
export { printReplayReport } from './commands/replay-report-text';
export { reviewAckCommand } from './commands/review-ack-command';
export { reviewListCommand } from './commands/review-list-command';
export { SelectorFlags, selectorOptions } from './commands/selector-flags';
export { withReviewIndex } from './commands/with-review-index';
export { withTriage } from './commands/with-triage';
export { decodeUtf8 } from './decode-utf8';
export { type CommandSpec, defineCommand } from './define-command';
export { blobEnvironmentHelp, cliEnvironmentHelp, triageEnvironmentHelp } from './environment-help';
export { errorExits, exitCodeOf, reportCliError } from './error-exits';
export { type EvalItemRunnerOptions, evalItemRunner } from './eval/eval-item-runner';
export { type ExitCode, exitCodes } from './exit-codes';
export { positiveDecimalFlag, positiveIntegerFlag, switchFlag, textFlag, tokensFlag } from './flag-schemas';
export { InvalidUtf8Error } from './invalid-utf8-error';
export { neutralisedContext } from './neutralised-context';
export { readFlags } from './read-flags';
export { type ReplayProgressBar, replayProgressBar } from './replay-progress-bar';
export { type RunCliOptions, runCli } from './run-cli';
export { UsageError } from './usage-error';
