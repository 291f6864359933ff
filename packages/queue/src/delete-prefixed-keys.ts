import type { Redis } from 'ioredis';

/** Escapes Redis glob metacharacters so `prefix` matches literally. */
const escapeGlob = (value: string): string => value.replace(/[*?[\]\\]/g, '\\$&');

/**
 * Deletes every key starting with `prefix` on one Redis server (SCAN + UNLINK), e.g. a run's keys when
 * `pnpm demo` ends. Refuses an empty prefix, which would delete every key.
 * @returns how many keys were deleted.
 */
export async function deletePrefixedKeys(options: { redis: Redis; prefix: string }): Promise<number> {
  const { redis, prefix } = options;
  if (prefix === '')
    throw new TypeError('deletePrefixedKeys needs a non-empty prefix; it would delete every key');
  let deleted = 0;
  const stream = redis.scanStream({ match: `${escapeGlob(prefix)}*`, count: 500 });
  for await (const keys of stream as AsyncIterable<string[]>) {
    if (keys.length > 0) deleted += await redis.unlink(...keys);
  }
  return deleted;
}
