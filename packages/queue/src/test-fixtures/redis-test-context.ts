import { deleteKeys, getTestRedis, type TestRedis, uniquePrefix } from '@quarry/test-redis';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';

/** A shared test Redis, a connection to it and a fresh prefix per file; every key under it is deleted afterwards. */
export interface RedisTestContext {
  readonly url: string;
  readonly redis: Redis;
  readonly prefix: string;
}

/** Registers beforeAll/afterAll hooks and returns a getter for the context. */
export function useTestRedis(label: string): () => RedisTestContext {
  let server: TestRedis | undefined;
  let context: RedisTestContext | undefined;
  beforeAll(async () => {
    server = await getTestRedis();
    context = { url: server.url, redis: new Redis(server.url), prefix: uniquePrefix(label) };
  });
  afterAll(async () => {
    if (context) {
      await deleteKeys(context.redis, context.prefix);
      await context.redis.quit();
    }
    await server?.stop();
  });
  return () => {
    if (!context) throw new Error('The test Redis is not ready (use it inside tests)');
    return context;
  };
}
