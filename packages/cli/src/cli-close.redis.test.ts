import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';

describe('quarry commands closing their connections', () => {
  it('leave no rejection unhandled, with Redis up or down', async ({ redisUrl, prefix }) => {
    const problems: unknown[] = [];
    const record = (error: unknown) => problems.push(error);
    process.on('unhandledRejection', record);
    process.on('uncaughtException', record);
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };
    try {
      for (let i = 0; i < 15; i += 1) {
        for (const argv of [
          ['dlq', 'list'],
          ['dlq', 'groups'],
          ['review', 'list'],
          ['dlq', 'prune'],
        ]) {
          expect((await runQuarry(argv, env)).code).toBe(0);
        }
      }
      const down = await runQuarry(['dlq', 'list'], { ...env, REDIS_URL: 'redis://127.0.0.1:1' });
      expect(down.code).toBe(1);
      // Rejections are reported once the current tasks are done.
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      process.off('unhandledRejection', record);
      process.off('uncaughtException', record);
    }
    expect(problems.map(String)).toEqual([]);
  });
});
