import { closeConnection, RedisGate, redisConnection } from '@quarry/queue';
import { createTriage, type Triage } from '@quarry/triage';
import { defaultRegistry } from '@quarry/workflows';
import { cliTriageConfig } from '../cli-config';
import type { CliContext } from '../cli-context';

/** How long a DLQ command waits for Redis before giving up. */
const READY_TIMEOUT_MS = 2000;

/**
 * Runs `body` with the triage service on the configured Redis (waiting at most 2 s for it), then
 * closes everything, leaving no rejection unhandled. DLQ records that cannot be read are reported on
 * standard error.
 * @throws ConfigError for bad settings; RedisUnavailableError when Redis does not answer in time.
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
