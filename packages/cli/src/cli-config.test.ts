import { ConfigError, describeEnvProblem } from '@quarry/env';
import { describe, expect, it } from 'vitest';
import { cliConfig, cliTriageConfig } from './cli-config';

function problemsOf(read: () => unknown): readonly string[] {
  try {
    read();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map(describeEnvProblem);
    throw error;
  }
  throw new Error('expected the configuration to be rejected');
}

describe('cliConfig', () => {
  it('fills the defaults and treats empty variables as unset', () => {
    expect(cliConfig({ REDIS_URL: ' ', QUARRY_QUEUE: '' })).toEqual({
      redisUrl: 'redis://127.0.0.1:6379',
      redisUrlRedacted: 'redis://127.0.0.1:6379',
      queue: {},
    });
    expect(
      cliConfig({ REDIS_URL: 'rediss://:pw@cache:6380/1', QUARRY_PREFIX: '{acme}', QUARRY_DLQ: 'dead' }),
    ).toEqual({
      redisUrl: 'rediss://:pw@cache:6380/1',
      redisUrlRedacted: 'rediss://:***@cache:6380/1',
      queue: { prefix: '{acme}', dlqName: 'dead' },
    });
  });

  it('names every bad variable and the expected form, without echoing a password', () => {
    const problems = problemsOf(() =>
      cliConfig({
        REDIS_URL: 'http://user:hunter2@cache:6379',
        QUARRY_PREFIX: 'quarry',
        QUARRY_QUEUE: 'a:b',
      }),
    );
    expect(problems).toEqual([
      'REDIS_URL: expected a redis:// or rediss:// URL, e.g. redis://:password@host:6379/0, got http://user:***@cache:6379/',
      'QUARRY_PREFIX: expected a key prefix containing a {hash tag}, e.g. {quarry}, got "quarry"',
      'QUARRY_QUEUE: expected a queue name without ":", got "a:b"',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('reads QUARRY_ALLOWED_MODELS into the queue settings and names a bad entry', () => {
    expect(cliConfig({ QUARRY_ALLOWED_MODELS: 'claude-sonnet-4-5 ,claude-opus-4-1' }).queue).toEqual({
      allowedModels: ['claude-sonnet-4-5', 'claude-opus-4-1'],
    });
    expect(problemsOf(() => cliConfig({ QUARRY_ALLOWED_MODELS: 'claude-sonnet-4-5,' }))).toEqual([
      'QUARRY_ALLOWED_MODELS: expected a comma-separated list of model ids, e.g. claude-sonnet-4-5,claude-haiku-4-5 (an empty entry), got "claude-sonnet-4-5,"',
    ]);
  });
});

describe('cliTriageConfig', () => {
  it('reads the triage variables with the bounds the dashboard uses', () => {
    expect(
      cliTriageConfig({ QUARRY_MAX_REDRIVES: '5', QUARRY_DLQ_REPLAYED_RETENTION_DAYS: '2' }),
    ).toMatchObject({ maxRedrives: 5, replayedRetentionMs: 2 * 86_400_000, queue: {} });
    expect(
      problemsOf(() =>
        cliTriageConfig({
          REDIS_URL: 'redis://h',
          QUARRY_MAX_REDRIVES: '-1',
          QUARRY_DLQ_REPLAYED_RETENTION_DAYS: 'forever',
        }),
      ),
    ).toEqual([
      'QUARRY_MAX_REDRIVES: expected an integer from 0 to 1000, got "-1"',
      'QUARRY_DLQ_REPLAYED_RETENTION_DAYS: expected a number of days > 0, got "forever"',
    ]);
  });

  it('leaves the triage variables to the DLQ commands', () => {
    expect(cliConfig({ QUARRY_MAX_REDRIVES: 'many' }).queue).toEqual({});
  });
});
