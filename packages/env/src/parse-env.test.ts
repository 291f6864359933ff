import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EnvProblem } from './env-problem';
import { booleanVar, integerVar, textVar, urlVar } from './env-vars';
import { envVariables, parseEnv } from './parse-env';

const AppEnv = z.object({
  API_KEY: textVar('the API key'),
  REDIS_URL: urlVar(['redis:', 'rediss:'], 'redis://:password@host:6379/0').default('redis://127.0.0.1:6379'),
  CONCURRENCY: integerVar(1, 1000).default(4),
  VERBOSE: booleanVar().optional(),
});

/** The same variables, checked together and reshaped. */
const NestedEnv = AppEnv.refine((env) => env.CONCURRENCY > 1 || env.VERBOSE !== true, {
  path: ['VERBOSE'],
  error: 'off with CONCURRENCY=1',
}).transform((env) => ({ apiKey: env.API_KEY, concurrency: env.CONCURRENCY }));

const redactors = {
  API_KEY: () => '[redacted]',
  REDIS_URL: (url: string) => url.replace(/:[^:@/]*@/, ':***@'),
};

const problemsOf = (result: ReturnType<typeof parseEnv>): readonly EnvProblem[] =>
  result.ok ? [] : result.problems;

describe('envVariables', () => {
  it('lists the variables of an object schema, also behind refinements and transforms', () => {
    expect(envVariables(AppEnv)).toEqual(['API_KEY', 'REDIS_URL', 'CONCURRENCY', 'VERBOSE']);
    expect(envVariables(NestedEnv)).toEqual(['API_KEY', 'REDIS_URL', 'CONCURRENCY', 'VERBOSE']);
  });
});

describe('parseEnv', () => {
  it('reads only the schema variables, takes defaults, and treats empty ones as unset', () => {
    expect(
      parseEnv({ schema: AppEnv, env: { API_KEY: 'k', CONCURRENCY: ' ', VERBOSE: 'on', OTHER: 'x' } }),
    ).toEqual({
      ok: true,
      value: { API_KEY: 'k', REDIS_URL: 'redis://127.0.0.1:6379', CONCURRENCY: 4, VERBOSE: true },
    });
    expect(parseEnv({ schema: NestedEnv, env: { API_KEY: 'k', CONCURRENCY: '8' } })).toEqual({
      ok: true,
      value: { apiKey: 'k', concurrency: 8 },
    });
  });

  it('names every bad variable and the expected form, without echoing secrets', () => {
    const result = parseEnv({
      schema: AppEnv,
      env: { REDIS_URL: 'http://user:hunter2@cache:6379', CONCURRENCY: 'many', VERBOSE: 'maybe' },
      redactors,
    });
    expect(problemsOf(result)).toEqual([
      { variable: 'API_KEY', expected: 'the API key', received: null },
      {
        variable: 'REDIS_URL',
        expected: 'a redis:// or rediss:// URL, e.g. redis://:password@host:6379/0',
        received: 'http://user:***@cache:6379',
      },
      { variable: 'CONCURRENCY', expected: 'an integer from 1 to 1000', received: '"many"' },
      { variable: 'VERBOSE', expected: 'one of true, false, 1, 0, yes, no, on, off', received: '"maybe"' },
    ]);
    expect(JSON.stringify(result)).not.toContain('hunter2');
  });

  it('shows a secret only through its redactor', () => {
    const result = parseEnv({ schema: AppEnv, env: { API_KEY: 'sk-secret', CONCURRENCY: '0' }, redactors });
    expect(problemsOf(result)).toEqual([
      { variable: 'CONCURRENCY', expected: 'an integer from 1 to 1000', received: '"0"' },
    ]);
    expect(
      problemsOf(
        parseEnv({
          schema: NestedEnv,
          env: { API_KEY: 'sk-x', CONCURRENCY: '1', VERBOSE: 'yes' },
          redactors,
        }),
      ),
    ).toEqual([{ variable: 'VERBOSE', expected: 'off with CONCURRENCY=1', received: '"yes"' }]);
  });
});

describe('parseEnv with a URL variable that holds credentials', () => {
  it('shows any bad value with its URL credentials masked, also without a redactor', () => {
    const BaseEnv = z.object({ BASE_URL: urlVar(['http:', 'https:'], 'http://127.0.0.1:4010') });
    const result = parseEnv({
      schema: BaseEnv,
      env: { BASE_URL: 'ftp://deploy:s3cr3t-pass@gateway.internal/v1' },
    });
    expect(problemsOf(result)).toEqual([
      {
        variable: 'BASE_URL',
        expected: 'a http:// or https:// URL, e.g. http://127.0.0.1:4010',
        received: '"ftp://deploy:***@gateway.internal/v1"',
      },
    ]);
    expect(JSON.stringify(result)).not.toContain('s3cr3t-pass');
  });
});
