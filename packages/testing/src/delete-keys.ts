import type { Redis } from 'ioredis';

/** Escapes Redis glob metacharacters so `prefix` matches literally. */
const escapeGlob = (value: string): string => value.replace(/[*?[\]\\]/g, '\\$&');

/**
 * Deletes every key starting with `prefix` (SCAN + UNLINK, one node; cluster-unaware).
 * @returns how many keys were deleted.
 */
export async function deleteKeys(redis: Redis, prefix: string): Promise<number> {
  if (prefix === '') throw new TypeError('deleteKeys needs a non-empty prefix; it would delete every key');
  let deleted = 0;
  const stream = redis.scanStream({ match: `${escapeGlob(prefix)}*`, count: 500 });
  for await (const keys of stream as AsyncIterable<string[]>) {
    if (keys.length > 0) deleted += await redis.unlink(...keys);
  }
  return deleted;
}
