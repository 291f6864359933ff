import { resolve } from 'node:path';
import { ConfigError, type Env, parseEnv } from '@quarry/env';
import { type BlobConfig, blobDefaults } from './blob-config';
import { BlobEnv } from './blob-env';

/**
 * The blob store settings from the environment ({@link BlobEnv}); a relative `QUARRY_BLOB_DIR` is
 * resolved against `cwd`. The secret access key is never echoed.
 * @throws ConfigError naming every bad variable and the form it expects.
 */
export function readBlobConfig(options: {
  readonly env: Env;
  readonly program: string;
  readonly cwd: string;
}): BlobConfig {
  const parsed = parseEnv({
    schema: BlobEnv,
    env: options.env,
    redactors: { QUARRY_S3_SECRET_ACCESS_KEY: () => '[redacted]' },
  });
  if (!parsed.ok) throw new ConfigError({ program: options.program, problems: parsed.problems });
  const env = parsed.value;
  const maxBytes = env.QUARRY_BLOB_MAX_BYTES ?? blobDefaults.maxBytes;
  const timeoutMs = env.QUARRY_BLOB_TIMEOUT_MS ?? blobDefaults.timeoutMs;
  if (env.QUARRY_BLOB_STORE !== 's3' || env.QUARRY_S3_BUCKET === undefined) {
    return {
      kind: 'directory',
      dir: resolve(options.cwd, env.QUARRY_BLOB_DIR ?? blobDefaults.dir),
      maxBytes,
      timeoutMs,
    };
  }
  return {
    kind: 's3',
    bucket: env.QUARRY_S3_BUCKET,
    prefix: env.QUARRY_S3_PREFIX ?? blobDefaults.s3Prefix,
    endpoint: env.QUARRY_S3_ENDPOINT,
    region: env.QUARRY_S3_REGION ?? blobDefaults.s3Region,
    credentials:
      env.QUARRY_S3_ACCESS_KEY_ID !== undefined && env.QUARRY_S3_SECRET_ACCESS_KEY !== undefined
        ? { accessKeyId: env.QUARRY_S3_ACCESS_KEY_ID, secretAccessKey: env.QUARRY_S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.QUARRY_S3_FORCE_PATH_STYLE ?? false,
    maxBytes,
    timeoutMs,
  };
}
