import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inlineDocumentEnv, queueEnv } from './queue-env';

const QueueEnv = z.object({ ...queueEnv, ...inlineDocumentEnv });
const messages = (env: Record<string, string>) =>
  QueueEnv.safeParse(env).error?.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`) ?? [];

describe('queueEnv', () => {
  it('reads trimmed queue settings and leaves unset ones to the queue defaults', () => {
    expect(
      QueueEnv.parse({ QUARRY_PREFIX: ' {acme} ', QUARRY_QUEUE: 'docs ', QUARRY_DLQ: 'docs-dlq' }),
    ).toEqual({
      QUARRY_PREFIX: '{acme}',
      QUARRY_QUEUE: 'docs',
      QUARRY_DLQ: 'docs-dlq',
    });
    expect(QueueEnv.parse({})).toEqual({});
  });

  it('names the expected form of a prefix without hash tag and of a queue name with ":"', () => {
    expect(messages({ QUARRY_PREFIX: 'quarry', QUARRY_QUEUE: 'a:b', QUARRY_DLQ: 'dead:letters' })).toEqual([
      'QUARRY_PREFIX: a key prefix containing a {hash tag}, e.g. {quarry}',
      'QUARRY_QUEUE: a queue name without ":"',
      'QUARRY_DLQ: a queue name without ":"',
    ]);
  });

  it('row 90: reads QUARRY_ALLOWED_MODELS as distinct trimmed model ids, naming a bad entry', () => {
    expect(QueueEnv.parse({ QUARRY_ALLOWED_MODELS: ' claude-sonnet-4-5 , m@1,claude-sonnet-4-5' })).toEqual({
      QUARRY_ALLOWED_MODELS: ['claude-sonnet-4-5', 'm@1'],
    });
    const form = 'a comma-separated list of model ids, e.g. claude-sonnet-4-5,claude-haiku-4-5';
    expect(messages({ QUARRY_ALLOWED_MODELS: 'claude-sonnet-4-5,,m' })).toEqual([
      `QUARRY_ALLOWED_MODELS: ${form} (an empty entry)`,
    ]);
    expect(messages({ QUARRY_ALLOWED_MODELS: 'claude sonnet' })).toEqual([
      `QUARRY_ALLOWED_MODELS: ${form} ("claude sonnet" is not a model id)`,
    ]);
    expect(messages({ QUARRY_ALLOWED_MODELS: 'ok,a\u001b[2J' })).toEqual([
      `QUARRY_ALLOWED_MODELS: ${form} ("a\\u001b[2J" is not a model id)`,
    ]);
  });

  it('reads QUARRY_INLINE_DOCUMENT_MAX_BYTES as bytes that fit a job, naming the range', () => {
    expect(QueueEnv.parse({ QUARRY_INLINE_DOCUMENT_MAX_BYTES: ' 65536 ' })).toEqual({
      QUARRY_INLINE_DOCUMENT_MAX_BYTES: 65536,
    });
    for (const value of ['0', '1048576', '256KiB', '-5']) {
      expect(messages({ QUARRY_INLINE_DOCUMENT_MAX_BYTES: value })).toEqual([
        'QUARRY_INLINE_DOCUMENT_MAX_BYTES: an integer from 1 to 786432',
      ]);
    }
  });
});
