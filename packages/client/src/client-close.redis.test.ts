import { it } from '@quarry/testing';
import { defaultRegistry } from '@quarry/workflows';
import { describe, expect } from 'vitest';
import { createQuarryClient } from './create-quarry-client';

/** Ways to wait between creating a client and closing it, hitting each stage of its connection. */
const pauses: readonly (() => Promise<unknown>)[] = [
  () => Promise.resolve(),
  () => new Promise((resolve) => setImmediate(resolve)),
  ...[1, 2, 3, 5, 8, 13].map((ms) => () => new Promise((resolve) => setTimeout(resolve, ms))),
];

describe('closing clients', () => {
  it('row 94: leaves no rejection unhandled when clients are closed right after they were created', async ({
    redisUrl: url,
  }) => {
    const problems: unknown[] = [];
    const record = (error: unknown) => problems.push(error);
    process.on('unhandledRejection', record);
    process.on('uncaughtException', record);
    try {
      // A Redis that answers (the close lands in the handshake or BullMQ's start-up) and one that does not.
      for (const redisUrl of [url, 'redis://127.0.0.1:1']) {
        for (let i = 0; i < 80; i += 1) {
          const client = createQuarryClient({
            redisUrl,
            registry: defaultRegistry(),
            config: { prefix: '{close-test}' },
          });
          await pauses[i % pauses.length]?.();
          await client.close();
        }
      }
      // Rejections are reported once the current tasks are done.
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      process.off('unhandledRejection', record);
      process.off('uncaughtException', record);
    }
    expect(problems.map(String)).toEqual([]);
  });
});
