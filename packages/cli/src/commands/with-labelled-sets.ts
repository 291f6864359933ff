import { LabelledSetStore } from '@quarry/queue';
import type { CliContext } from '../cli-context';
import { withQueueService } from './with-queue-service';

/**
 * Runs `body` with the labelled set store on the configured Redis (waiting at most 2 s for it), then disconnects.
 * @throws ConfigError for bad settings; RedisUnavailableError when Redis does not answer in time.
 */
export function withLabelledSets<T>(
  context: CliContext,
  operation: string,
  body: (sets: LabelledSetStore) => Promise<T>,
): Promise<T> {
  return withQueueService(context, operation, (redis, keys) => new LabelledSetStore({ redis, keys }), body);
}
