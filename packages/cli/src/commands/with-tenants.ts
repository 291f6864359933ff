import { extractionQueue, QueueConfig, quarryKeys, TenantStore, TenantUsageStore } from '@quarry/queue';
import { cliConfig } from '../cli-config';
import type { CliContext } from '../cli-context';
import { cliTenantsFiles } from '../cli-tenants-files';
import { withCliRedis } from './with-cli-redis';

/** What the `tenants` commands work with. */
export interface TenantsService {
  readonly store: TenantStore;
  readonly usage: TenantUsageStore;
  readonly queue: ReturnType<typeof extractionQueue>;
}

/**
 * Writes the tenant settings of `QUARRY_TENANTS` files, then runs `body` with the tenant store, the usage figures and the extraction queue on the configured
 * Redis (waiting at most 2 s for it), then closes the queue and disconnects.
 * @throws ConfigError for bad settings; RedisUnavailableError when Redis does not answer in time.
 */
export async function withTenants<T>(
  context: CliContext,
  operation: string,
  body: (service: TenantsService) => Promise<T>,
): Promise<T> {
  const config = cliConfig(context.env);
  const fromFiles = cliTenantsFiles(context);
  const queueConfig = QueueConfig.parse(config.queue);
  const keys = quarryKeys({ prefix: queueConfig.prefix, queueName: queueConfig.queueName });
  return withCliRedis(
    {
      operation,
      redisUrl: config.redisUrl,
      redisUrlRedacted: config.redisUrlRedacted,
      open: (redis) => {
        const queue = extractionQueue({ connection: redis, config: queueConfig });
        return {
          store: new TenantStore({ redis, keys, queue }),
          usage: new TenantUsageStore({ redis, keys }),
          queue,
        };
      },
      close: async (service) => {
        await service.queue.close().catch(() => {});
      },
    },
    async (service) => {
      for (const [tenant, settings] of fromFiles) await service.store.set(tenant, settings);
      return body(service);
    },
  );
}
