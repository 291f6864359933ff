import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';

/** `quarry enqueue --lane --deadline`: what lands in the job, and bad values refused before anything is written. */
describe('quarry enqueue --lane and --deadline', () => {
  const usageHint = 'Run "quarry enqueue --help" for usage.\n';

  it('puts the lane and the deadline (a duration counted at enqueue time) into the job', async ({
    redis,
    redisUrl,
    prefix,
  }) => {
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };
    const before = Date.now();
    const run = await runQuarry(
      ['enqueue', '-w', 'invoice', '--text', 'Invoice 7', '--lane', 'batch', '--deadline', '6h', '--json'],
      env,
    );
    const after = Date.now();
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const { jobId } = JSON.parse(run.stdout) as { jobId: string };
    const data = JSON.parse((await redis.hget(`${prefix}:extraction:${jobId}`, 'data')) ?? '{}') as {
      lane: string;
      deadline: string;
    };
    expect(data.lane).toBe('batch');
    const deadlineMs = Date.parse(data.deadline);
    expect(deadlineMs).toBeGreaterThanOrEqual(before + 6 * 3_600_000);
    expect(deadlineMs).toBeLessThanOrEqual(after + 6 * 3_600_000);

    const tomorrow = new Date(Math.ceil(Date.now() / 1000) * 1000 + 86_400_000).toISOString();
    const at = await runQuarry(
      [
        'enqueue',
        '-w',
        'invoice',
        '--text',
        'Invoice 8',
        '--lane',
        'realtime',
        '--deadline',
        tomorrow.replace('.000Z', 'Z'),
      ],
      env,
    );
    expect(at).toMatchObject({ code: 0, stderr: expect.stringContaining('enqueued invoice') });
    const second = JSON.parse(
      (await redis.hget(`${prefix}:extraction:${at.stdout.trim()}`, 'data')) ?? '{}',
    ) as { lane: string; deadline: string };
    expect(second).toMatchObject({ lane: 'realtime', deadline: tomorrow });
  });

  it('row 102: quarry enqueue --lane cheap -> refuses a bad lane, a bad deadline or one in the past, naming the flag, and enqueues nothing', async ({
    redis,
    redisUrl,
    prefix,
  }) => {
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };
    const cases: [readonly string[], string][] = [
      [['--lane', 'cheap'], '--lane must be one of realtime, batch, got "cheap"'],
      [
        ['--deadline', 'soon'],
        '--deadline must be an ISO 8601 date and time (2026-01-31T18:00:00Z) or a duration (90m, 6h, 2d), got "soon"',
      ],
      [['--deadline', '2020-01-01T00:00:00Z'], '--deadline is in the past, got "2020-01-01T00:00:00Z"'],
      [
        ['--deadline', '9999999h'],
        '--deadline must be a duration above zero and at most 365d, got "9999999h"',
      ],
    ];
    for (const [flags, problem] of cases) {
      const run = await runQuarry(['enqueue', '-w', 'invoice', '--text', 'Invoice 7', ...flags], env);
      expect(run).toEqual({
        code: 1,
        stdout: '',
        stderr: `quarry enqueue: ${problem}\n${usageHint}`,
        asked: [],
      });
    }
    expect(await redis.keys(`${prefix}:extraction:*`)).toEqual([]);
  });
});
