import { ConfigError } from '@quarry/env';
import { describe, expect, it } from 'vitest';
import { readBlobConfig } from './read-blob-config';

const read = (env: Record<string, string>) => readBlobConfig({ env, program: 'worker', cwd: '/srv/quarry' });
const problemsOf = (env: Record<string, string>) => {
  try {
    read(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message.split('\n').slice(1);
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('readBlobConfig', () => {
  it('defaults to a directory under the working directory, 32 MiB a blob, 30 s a call', () => {
    expect(read({})).toEqual({
      kind: 'directory',
      dir: '/srv/quarry/.quarry/blobs',
      maxBytes: 33_554_432,
      timeoutMs: 30_000,
    });
    expect(read({ QUARRY_BLOB_DIR: '/var/lib/quarry', QUARRY_BLOB_MAX_BYTES: '1048576' })).toMatchObject({
      dir: '/var/lib/quarry',
      maxBytes: 1_048_576,
    });
  });

  it('reads the S3 settings, with explicit credentials or the SDK default chain', () => {
    expect(
      read({
        QUARRY_BLOB_STORE: 's3',
        QUARRY_S3_BUCKET: 'invoices',
        QUARRY_S3_ENDPOINT: 'http://127.0.0.1:9000',
        QUARRY_S3_FORCE_PATH_STYLE: 'true',
        QUARRY_S3_ACCESS_KEY_ID: 'minio',
        QUARRY_S3_SECRET_ACCESS_KEY: 'minio-secret',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'invoices',
      prefix: 'quarry/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
      forcePathStyle: true,
      maxBytes: 33_554_432,
      timeoutMs: 30_000,
    });
    expect(
      read({ QUARRY_BLOB_STORE: 's3', QUARRY_S3_BUCKET: 'b-1', QUARRY_S3_REGION: 'auto' }),
    ).toMatchObject({
      credentials: undefined,
      endpoint: undefined,
      region: 'auto',
    });
  });

  it('names every bad variable and its form, never echoing the secret key', () => {
    expect(
      problemsOf({
        QUARRY_BLOB_STORE: 's3',
        QUARRY_BLOB_MAX_BYTES: '0',
        QUARRY_S3_PREFIX: '/abs',
        QUARRY_S3_ENDPOINT: 'ftp://files',
        QUARRY_S3_SECRET_ACCESS_KEY: 'top-secret-value',
      }),
    ).toEqual([
      '- QUARRY_BLOB_MAX_BYTES: expected an integer from 1 to 536870912, got "0"',
      '- QUARRY_S3_PREFIX: expected a key prefix of letters, digits and !-_.*\'()/ not starting with /, e.g. quarry/, got "/abs"',
      '- QUARRY_S3_ENDPOINT: expected a https:// or http:// URL, e.g. http://127.0.0.1:9000, got "ftp://files"',
      '- QUARRY_S3_BUCKET: expected a bucket name (QUARRY_BLOB_STORE is s3), but it is not set',
      '- QUARRY_S3_ACCESS_KEY_ID: expected an access key id (QUARRY_S3_SECRET_ACCESS_KEY is set), but it is not set',
    ]);
    expect(problemsOf({ QUARRY_BLOB_STORE: 'ftp', QUARRY_S3_BUCKET: 'Bad_Bucket' })).toEqual([
      '- QUARRY_BLOB_STORE: expected directory or s3, got "ftp"',
      '- QUARRY_S3_BUCKET: expected an S3 bucket name: 3 to 63 lower-case letters, digits, dots and dashes, got "Bad_Bucket"',
    ]);
  });
});
