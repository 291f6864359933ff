import { ApiKeyStore } from '@quarry/queue';
import type { CliContext } from '../cli-context';
import { withQueueService } from './with-queue-service';

/**
 * Runs `body` with the HTTP API's key store on the configured Redis (waiting at most 2 s for it), then disconnects.
 * @throws ConfigError for bad settings; RedisUnavailableError when Redis does not answer in time.
 */
export function withApiKeys<T>(
  context: CliContext,
  operation: string,
  body: (keys: ApiKeyStore) => Promise<T>,
): Promise<T> {
  return withQueueService(context, operation, (redis, keys) => new ApiKeyStore({ redis, keys }), body);
}
