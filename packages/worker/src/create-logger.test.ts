import { describe, expect, it } from 'vitest';
import { captureLog } from './test-fixtures/capture-log';

describe('createLogger', () => {
  it('redacts API keys and the credentials of Redis URLs, keeping the rest', () => {
    const { lines, log: logger } = captureLog();
    logger.info(
      {
        config: { redisUrl: 'rediss://admin:s3cret@cache:6380/1', anthropic: { apiKey: 'sk-ant-xyz' } },
        jobId: '7',
      },
      'started',
    );
    expect(lines[0]).toMatchObject({
      msg: 'started',
      jobId: '7',
      config: { redisUrl: 'rediss://admin:***@cache:6380/1', anthropic: { apiKey: '[redacted]' } },
    });
    expect(JSON.stringify(lines)).not.toMatch(/s3cret|sk-ant-xyz/);
  });

  it('keeps the bindings of child loggers', () => {
    const { lines, log: logger } = captureLog();
    logger.child({ jobId: '9', workflow: 'invoice' }).warn({ attempt: 2 }, 'retrying');
    expect(lines[0]).toMatchObject({ jobId: '9', workflow: 'invoice', attempt: 2, level: 40 });
  });
});
