import { closeConnection, RedisGate, RedisUnavailableError, redisConnection } from '@quarry/queue';
import {
  createTriage,
  DlqRecordNotFoundError,
  ReplayOptionsError,
  SelectorError,
  type SelectorText,
  type Triage,
  timeSelectorForm,
} from '@quarry/triage';
import { defaultRegistry } from '@quarry/workflows';
import { cliTriageConfig } from '../cli-config';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';

/** How long a DLQ command waits for Redis before giving up. */
const READY_TIMEOUT_MS = 2000;

/** parseArgs options of the DLQ selectors, shared by `dlq list`, `dlq groups` and `replay-dlq`. */
export const selectorOptions = {
  ids: { type: 'string' },
  fingerprint: { type: 'string' },
  workflow: { type: 'string', short: 'w' },
  version: { type: 'string' },
  reason: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  limit: { type: 'string' },
  all: { type: 'boolean' },
} as const;

/** Help text of the selectors. */
export const selectorHelp = `Selectors (combine with AND):
      --ids <a,b,…>        these DLQ ids
      --fingerprint <F>    records that failed alike
  -w, --workflow <name>    one workflow …
      --version <N>        … and version (needs --workflow)
      --reason <kind>      validation_exhausted, no_progress, refused, permanent, transient_exhausted, …;
                           refused:<category> for one refusal category (refused:cyber, refused:bio, …)
      --since <when>       dead-lettered at or after; ${timeSelectorForm}
      --until <when>       dead-lettered at or before (same forms)
      --limit <N>          at most N records, newest first
      --all                every record`;

/** The selector values of parsed arguments, as text for `selectorsFromText`. */
export function selectorText(values: Readonly<Record<string, string | boolean | undefined>>): SelectorText {
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  return {
    ids: text('ids'),
    fingerprint: text('fingerprint'),
    workflow: text('workflow'),
    version: text('version'),
    reason: text('reason'),
    since: text('since'),
    until: text('until'),
    limit: text('limit'),
    all: values.all === true,
  };
}

/**
 * Runs `body` with the triage service on the configured Redis (waiting at most 2 s for it), then
 * closes everything, leaving no rejection unhandled. DLQ records that cannot be read are reported on
 * standard error.
 */
export async function withTriage<T>(
  context: CliContext,
  operation: string,
  body: (triage: Triage) => Promise<T>,
): Promise<T> {
  const config = cliTriageConfig(context.env);
  const connection = redisConnection(config.redisUrl, { role: 'producer', connectionName: 'quarry-cli' });
  connection.on('error', () => {});
  const gate = new RedisGate({
    connections: [connection],
    readyTimeoutMs: READY_TIMEOUT_MS,
    url: config.redisUrlRedacted,
  });
  const triage = createTriage({
    connection,
    registry: defaultRegistry(),
    config: config.queue,
    maxRedrives: config.maxRedrives,
    replayedRetentionMs: config.replayedRetentionMs,
    onUnreadable: (error) => context.stderr(`warning: ${error.message}; skipped\n`),
  });
  try {
    return await gate.run(operation, () => body(triage));
  } finally {
    // The connection first, so the queues' start-up has settled before they close (see closeQueues).
    await closeConnection(connection);
    await triage.close();
  }
}

/**
 * Prints what went wrong for the errors a DLQ command expects (bad selectors or options, unknown ids,
 * no Redis) and returns the exit code; anything else is rethrown.
 */
export function reportTriageError(command: string, error: unknown, context: CliContext): number {
  const list = (problems: readonly string[]) => problems.map((problem) => `  - ${problem}\n`).join('');
  if (error instanceof SelectorError) {
    context.stderr(`quarry ${command}: invalid selection, nothing was changed:\n${list(error.problems)}`);
  } else if (error instanceof ReplayOptionsError) {
    context.stderr(`quarry ${command}: invalid options, nothing was changed:\n${list(error.problems)}`);
  } else if (error instanceof DlqRecordNotFoundError) {
    context.stderr(`quarry ${command}: ${error.message}\n`);
  } else if (error instanceof RedisUnavailableError) {
    context.stderr(`quarry ${command}: ${error.message}\n`);
  } else {
    throw error;
  }
  return exitCodes.failure;
}
