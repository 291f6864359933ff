/**
 * Keyspace, transaction and script commands of ioredis whose names nothing else in the code base
 * uses: any call of them is a Redis command.
 */
const REDIS_ONLY = new Set(
  `decr decrby eval evalsha evalsha_ro eval_ro expire expireat getdel getex hdel hexists hget
hgetall hincrby hkeys hlen hmget hmset hscan hset hsetnx hvals incr incrby incrbyfloat linsert lindex
llen lpop lpush lrange lrem lset ltrim mget mset msetnx multi pexpire pexpireat pipeline psetex
pttl rpop rpush sadd scard scanStream hscanStream zscanStream setex setnx sismember smembers
spop srem sunionstore ttl unlink unwatch watch xadd xrange zadd zcard zcount zincrby zrange
zrangebyscore zrank zrem zremrangebyscore zrevrange zscore zunionstore`.split(/\s+/),
);

/** Commands named like methods of Map, Set, headers, Object and the like: a call counts only on a Redis-looking receiver. */
const SHARED_NAMES = new Set(['del', 'exists', 'get', 'keys', 'scan', 'set', 'type']);

/** Receivers taken for an ioredis client, transaction or pipeline. */
const REDIS_RECEIVER = /(?:redis|redisClient|connection|commander)$|^(?:client|conn|tx|multi|pipeline)$/i;

/** One raw Redis command found in source text. */
export interface RawRedisCall {
  /** 1-based line number. */
  readonly line: number;
  readonly text: string;
}

/** Blanks out comments (keeping line breaks), so documentation that shows a command is not counted. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/**
 * The raw Redis commands a TypeScript source issues on an ioredis client: a Redis-only command
 * method (`hset`, `multi`, `eval`, …), a command that shares its name with Map/headers methods
 * (`get`, `set`, `del`, …) on a receiver named like a Redis client, or `call`/`sendCommand` with a
 * command name (`tx.call('HSET', …)`). Lua text (`redis.call('HGET', …)` inside a script) counts too.
 */
export function findRawRedisCalls(source: string): RawRedisCall[] {
  const found: RawRedisCall[] = [];
  const lines = withoutComments(source).split('\n');
  for (const [i, line] of lines.entries()) {
    for (const match of line.matchAll(/([\w$#\])]+)?\s*\.\s*([A-Za-z_]\w*)\s*\(\s*(['"`][A-Z_]+['"`])?/g)) {
      const receiver = match[1] ?? '';
      const method = match[2] ?? '';
      const isRaw =
        REDIS_ONLY.has(method) ||
        (SHARED_NAMES.has(method) && REDIS_RECEIVER.test(receiver.replace(/[#\])]/g, ''))) ||
        ((method === 'call' || method === 'sendCommand') && match[3] !== undefined);
      if (isRaw) found.push({ line: i + 1, text: line.trim() });
    }
  }
  return found;
}
