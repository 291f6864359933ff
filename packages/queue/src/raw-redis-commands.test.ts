import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findRawRedisCalls } from './test-fixtures/find-raw-redis-calls';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Non-test sources of every app and package but this one. Test files and test fixtures may use raw
 * commands to set up and assert; packages/testing is the test kit itself.
 */
function sourcesOutsideQueue(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'test-fixtures' && entry.name !== 'dist')
          walk(path);
      } else if (
        entry.name.endsWith('.ts') &&
        !entry.name.endsWith('.test.ts') &&
        !entry.name.endsWith('.d.ts')
      ) {
        files.push(path);
      }
    }
  };
  for (const group of ['apps', 'packages']) {
    for (const entry of readdirSync(join(root, group), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      if (group === 'packages' && (entry.name === 'queue' || entry.name === 'testing')) continue;
      walk(join(root, group, entry.name));
    }
  }
  return files;
}

describe('findRawRedisCalls', () => {
  it('finds commands issued on ioredis clients, transactions and scripts', () => {
    const source = [
      'const n = Number(await options.redis.get(options.keys.rateLimitBounces(jobId)));',
      'await options.redis.multi().incr(key).expire(key, 60).exec();',
      'const raw = await this.#redis.hget(recordKey, "data");',
      "tx.call('HSET', recordKey, 'data', json);",
      'await connection.eval(SCRIPT, 1, key, id);',
      'await client.set(key, value, "PX", 1000);',
      'await redisClient.del(key);',
      'await redis.watch(key);',
      "if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then",
    ].join('\n');
    expect([...new Set(findRawRedisCalls(source).map((call) => call.line))]).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });

  it('leaves Map, Set, headers, URLSearchParams, Express and Function.call alone', () => {
    const source = [
      'const user = this.#users.get(name);',
      'counts.set(value, (counts.get(value) ?? 0) + 1);',
      "const retryAfter = headers.get('retry-after');",
      "const page = new URLSearchParams(search).get('page');",
      "res.set('Cache-Control', 'no-store'); app.get('/x', handler); req.get('host');",
      'const keys = Object.keys(options); seen.delete(id);',
      'for await (const record of reader.scan()) records.push(record);',
      'handler.call(this, event); /^x$/.exec(text);',
      'metrics.gauges.redisUp.set(1); registry.get(data.workflow, data.version);',
      '// redis.get(key) in a comment',
      '/** `tx.call("HSET", key)` in documentation */',
    ].join('\n');
    expect(findRawRedisCalls(source)).toEqual([]);
  });
});

describe('Redis ownership', () => {
  it('no app or package but packages/queue issues a raw Redis command', () => {
    const files = sourcesOutsideQueue();
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((file) =>
      findRawRedisCalls(readFileSync(file, 'utf8')).map(
        (call) => `${relative(root, file)}:${call.line} ${call.text}`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});
