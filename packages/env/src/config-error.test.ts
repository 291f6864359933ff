import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error';
import type { EnvProblem } from './env-problem';

describe('ConfigError', () => {
  it('writes one line per problem under the program name and keeps the problems', () => {
    const problems: EnvProblem[] = [
      { variable: 'API_KEY', expected: 'the API key', received: null },
      { variable: 'CONCURRENCY', expected: 'an integer from 1 to 1000', received: '"many"' },
    ];
    const error = new ConfigError({ program: 'worker', problems });
    expect(error.message).toBe(
      [
        'Invalid worker configuration:',
        '- API_KEY: expected the API key, but it is not set',
        '- CONCURRENCY: expected an integer from 1 to 1000, got "many"',
      ].join('\n'),
    );
    expect([error.name, error.program, error.problems]).toEqual(['ConfigError', 'worker', problems]);
    expect(error).toBeInstanceOf(Error);
  });
});
