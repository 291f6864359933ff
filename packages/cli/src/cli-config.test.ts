import { describe, expect, it } from 'vitest';
import { cliConfig } from './cli-config';
import { CliConfigError } from './cli-config-error';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    cliConfig(env);
  } catch (error) {
    if (error instanceof CliConfigError) return error.problems;
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
    const problems = problemsOf({
      REDIS_URL: 'http://user:hunter2@cache:6379',
      QUARRY_PREFIX: 'quarry',
      QUARRY_QUEUE: 'a:b',
    });
    expect(problems).toEqual([
      'REDIS_URL: Redis URL "http://user:***@cache:6379/" must start with redis:// or rediss:// (TLS), got http://',
      'QUARRY_PREFIX: must contain a {hash tag}, e.g. {quarry}',
      'QUARRY_QUEUE: must not contain ":"',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('reads QUARRY_ALLOWED_MODELS into the queue settings and names a bad entry', () => {
    expect(cliConfig({ QUARRY_ALLOWED_MODELS: 'claude-sonnet-4-5 ,claude-opus-4-1' }).queue).toEqual({
      allowedModels: ['claude-sonnet-4-5', 'claude-opus-4-1'],
    });
    expect(problemsOf({ QUARRY_ALLOWED_MODELS: 'claude-sonnet-4-5,' })).toEqual([
      'QUARRY_ALLOWED_MODELS: a comma-separated list of model ids, e.g. claude-sonnet-4-5,claude-haiku-4-5 (an empty entry)',
    ]);
  });
});
