import type { Triage } from '@quarry/triage';
import { cliTriageConfig } from '../cli-config';
import type { CliContext } from '../cli-context';
import { cliWorkflowCatalog } from '../cli-workflow-catalog';
import { withCliRedis } from './with-cli-redis';

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
  // Records of workflows loaded from files are read and replayed against the same definitions.
  const { registry } = await cliWorkflowCatalog(context);
  const { createTriage } = await import('./on-demand');
  return withCliRedis(
    {
      operation,
      redisUrl: config.redisUrl,
      redisUrlRedacted: config.redisUrlRedacted,
      open: (connection) =>
        createTriage({
          connection,
          registry,
          config: config.queue,
          maxRedrives: config.maxRedrives,
          replayedRetentionMs: config.replayedRetentionMs,
          onUnreadable: (error) => context.stderr(`warning: ${error.message}; skipped\n`),
        }),
      // The connection is closed first, so the queues' start-up has settled before they close (see closeQueues).
      close: (triage) => triage.close(),
    },
    body,
  );
}
