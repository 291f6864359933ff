import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './create-logger';

function capture(format: 'json' | 'pretty' = 'json') {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ service: 'quarry-test', level: 'debug', format, destination });
  return { chunks, logger, lines: () => chunks.map((chunk) => JSON.parse(chunk) as Record<string, unknown>) };
}

describe('createLogger', () => {
  it('writes JSON lines with the service, level and child bindings', () => {
    const { logger, lines } = capture();
    logger.child({ jobId: '9', workflow: 'invoice', version: 1 }).warn({ attempt: 2 }, 'retrying');
    expect(lines()[0]).toMatchObject({
      service: 'quarry-test',
      level: 40,
      jobId: '9',
      workflow: 'invoice',
      version: 1,
      attempt: 2,
      msg: 'retrying',
    });
  });

  it('redacts secrets by field: API keys, passwords, authorization headers, Redis URL credentials', () => {
    const { logger, chunks, lines } = capture();
    logger.info(
      {
        config: { redisUrl: 'rediss://admin:s3cret@cache:6380/1', anthropic: { apiKey: 'key-123456' } },
        request: { headers: { authorization: 'token-abcdef', 'x-api-key': 'key-999999', cookie: 'sid=1' } },
        user: { password: 'hunter2' },
        REDIS_URL: 'redis://:pw-xyz@redis:6379',
      },
      'started',
    );
    expect(lines()[0]).toMatchObject({
      config: { redisUrl: 'rediss://admin:***@cache:6380/1', anthropic: { apiKey: '[redacted]' } },
      request: { headers: { authorization: '[redacted]', 'x-api-key': '[redacted]', cookie: '[redacted]' } },
      user: { password: '[redacted]' },
      REDIS_URL: 'redis://:***@redis:6379',
    });
    expect(chunks.join('')).not.toMatch(/s3cret|key-123456|token-abcdef|key-999999|hunter2|pw-xyz/);
  });

  it('scrubs API keys and URL passwords that end up in messages or unexpected fields', () => {
    const { logger, chunks } = capture();
    logger.error(
      {
        error: { message: 'connect to redis://user:topsecret@host:6379 failed' },
        note: 'sk-ant-api03-AbC_def-123',
      },
      'bad key sk-ant-api03-AbC_def-123 and Bearer abcdefghijkl',
    );
    const text = chunks.join('');
    expect(text).not.toMatch(/topsecret|AbC_def|abcdefghijkl/);
    expect(text).toContain('redis://user:***@host:6379');
    expect(text).toContain('sk-ant-[redacted]');
  });

  it('masks the credentials of any URL in a line, a token given as user name included', () => {
    const { logger, chunks } = capture();
    logger.warn(
      { baseURL: 'https://gw-token-51f0c2@gateway.internal/v1' },
      'calling https://u:pw-77aa@proxy/',
    );
    const text = chunks.join('');
    expect(text).not.toMatch(/gw-token-51f0c2|pw-77aa/);
    expect(text).toContain('https://***@gateway.internal/v1');
    expect(text).toContain('https://u:***@proxy/');
  });

  it('prints human-readable lines in pretty format, still redacted', () => {
    const { logger, chunks } = capture('pretty');
    logger.info({ jobId: '7', apiKey: 'key-123456' }, 'job started');
    const text = chunks.join('');
    expect(text).toContain('job started');
    expect(text).toContain('jobId: "7"');
    expect(text).not.toContain('key-123456');
    expect(() => JSON.parse(text)).toThrow();
  });
});
