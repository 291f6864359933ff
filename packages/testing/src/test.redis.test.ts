import { portOpen } from '@quarry/local-redis';
import { describe, expect } from 'vitest';
import { test } from './test';

/** What a test left behind, checked by the test after it (tests of a file run in order). */
const left: { prefix?: string; filePrefix?: string; port?: number; pid?: number } = {};

describe('the test fixtures', () => {
  test('give each test a fresh hash-tagged prefix named after it', async ({ redis, prefix, filePrefix }) => {
    expect(prefix).toMatch(/^\{qt-give-each-test-a-fresh-hash-tagged-[a-z-]*[0-9a-f]{8}\}$/);
    expect(filePrefix).toMatch(/^\{qt-file-[0-9a-f]{8}\}$/);
    await redis.set(`${prefix}:a`, '1');
    await redis.set(`${filePrefix}:shared`, '1');
    left.prefix = prefix;
    left.filePrefix = filePrefix;
  });

  test('delete the keys of a test after it, and keep the file prefix for the file', async ({
    redis,
    prefix,
    filePrefix,
  }) => {
    expect(prefix).not.toBe(left.prefix);
    expect(await redis.exists(`${left.prefix}:a`)).toBe(0);
    expect(filePrefix).toBe(left.filePrefix);
    expect(await redis.get(`${filePrefix}:shared`)).toBe('1');
  });

  test("start a Redis of the test's own, to kill and restart", async ({ ownRedis }) => {
    const server = await ownRedis({ appendOnly: true });
    await server.kill();
    expect(await portOpen(server.port)).toBe(false);
    await server.restart();
    expect(await portOpen(server.port)).toBe(true);
    left.port = server.port;
  });

  test('start processes and wait on their output', async ({ processes }) => {
    const run = await processes.run({ command: process.execPath, args: ['-e', 'console.log("done")'] });
    expect(run).toMatchObject({ code: 0, stdout: 'done\n' });
    const server = processes.start({
      command: process.execPath,
      args: ['-e', 'console.log("pid " + process.pid); setInterval(() => {}, 1000)'],
    });
    left.pid = Number((await server.waitForLine(/^pid \d+$/)).slice(4));
  });

  test('stop the Redis and kill the processes a test started once it ended', async () => {
    const { port, pid } = left;
    if (port === undefined || pid === undefined) throw new Error('the tests before did not run');
    expect(await portOpen(port)).toBe(false);
    expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
  });
});
