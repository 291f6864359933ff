import { booleanVar, integerVar, textVar, urlVar } from '@quarry/env';
import { z } from 'zod';
import { blobDefaults } from './blob-config';

/** A bucket name as S3 allows it: 3 to 63 lower-case letters, digits, dots and dashes. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** A key prefix: letters, digits and `! - _ . * ' ( ) /`, not starting with `/`, at most 256 characters. */
const PREFIX = /^(?!\/)[A-Za-z0-9!_.*'()/-]{0,256}$/;

/**
 * The blob store variables, each optional (defaults in `blobDefaults`): `QUARRY_BLOB_STORE`
 * (`directory` or `s3`), `QUARRY_BLOB_DIR`, `QUARRY_BLOB_MAX_BYTES`, `QUARRY_BLOB_TIMEOUT_MS` and the
 * `QUARRY_S3_*` settings of the S3 adapter. Each message names the expected form.
 */
export const blobEnv = {
  QUARRY_BLOB_STORE: z
    .enum(['directory', 's3'], { error: 'directory or s3' })
    .optional()
    .meta({ description: '`directory` or `s3`.', whenUnset: 'directory' }),
  QUARRY_BLOB_DIR: textVar('a directory path').optional().meta({
    description: "The directory store's directory, relative to the working directory.",
    whenUnset: blobDefaults.dir,
  }),
  QUARRY_BLOB_MAX_BYTES: integerVar(1, 512 * 1024 * 1024)
    .optional()
    .meta({
      description: 'Largest document (1 to 536870912); `enqueue --file` refuses a larger one.',
      whenUnset: `${blobDefaults.maxBytes} (${blobDefaults.maxBytes / 1024 / 1024} MiB)`,
    }),
  QUARRY_BLOB_TIMEOUT_MS: integerVar(100, 600_000)
    .optional()
    .meta({
      description: 'Deadline of each blob store call, retries included (100 to 600000).',
      whenUnset: String(blobDefaults.timeoutMs),
    }),
  QUARRY_S3_BUCKET: z
    .string()
    .trim()
    .regex(BUCKET, { error: 'an S3 bucket name: 3 to 63 lower-case letters, digits, dots and dashes' })
    .meta({ type: 'an S3 bucket name: 3 to 63 lower-case letters, digits, dots and dashes' })
    .optional()
    .meta({ description: 'The bucket; required with `QUARRY_BLOB_STORE=s3`.', whenUnset: 'none' }),
  QUARRY_S3_PREFIX: z
    .string()
    .trim()
    .regex(PREFIX, {
      error: "a key prefix of letters, digits and !-_.*'()/ not starting with /, e.g. quarry/",
    })
    .meta({ type: "a key prefix of letters, digits and !-_.*'()/ not starting with /" })
    .optional()
    .meta({ description: 'Put before every object key.', whenUnset: blobDefaults.s3Prefix }),
  QUARRY_S3_ENDPOINT: urlVar(['https:', 'http:'], 'http://127.0.0.1:9000')
    .optional()
    .meta({ description: '`http(s)://` endpoint of an S3-compatible store (MinIO, R2).', whenUnset: 'AWS' }),
  QUARRY_S3_REGION: textVar('a region name, e.g. us-east-1 (auto for R2)')
    .optional()
    .meta({ description: 'Region (`auto` for R2).', whenUnset: 'us-east-1' }),
  QUARRY_S3_ACCESS_KEY_ID: textVar('an access key id').optional().meta({
    description: 'Both or neither; unset, the SDK reads `AWS_ACCESS_KEY_ID`, profiles or instance roles.',
    whenUnset: "the SDK's chain",
  }),
  QUARRY_S3_SECRET_ACCESS_KEY: textVar('a secret access key').optional().meta({
    description: 'Both or neither; unset, the SDK reads `AWS_ACCESS_KEY_ID`, profiles or instance roles.',
    whenUnset: "the SDK's chain",
  }),
  QUARRY_S3_FORCE_PATH_STYLE: booleanVar()
    .optional()
    .meta({ description: '`true` for MinIO and most self-hosted stores.', whenUnset: 'false' }),
};

/** {@link blobEnv} with the rules that tie variables together. */
export const BlobEnv = z.object(blobEnv).superRefine((env, context) => {
  if (env.QUARRY_BLOB_STORE === 's3' && env.QUARRY_S3_BUCKET === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['QUARRY_S3_BUCKET'],
      message: 'a bucket name (QUARRY_BLOB_STORE is s3)',
    });
  }
  if ((env.QUARRY_S3_ACCESS_KEY_ID === undefined) !== (env.QUARRY_S3_SECRET_ACCESS_KEY === undefined)) {
    const [missing, message] =
      env.QUARRY_S3_ACCESS_KEY_ID === undefined
        ? ['QUARRY_S3_ACCESS_KEY_ID', 'an access key id (QUARRY_S3_SECRET_ACCESS_KEY is set)']
        : ['QUARRY_S3_SECRET_ACCESS_KEY', 'a secret access key (QUARRY_S3_ACCESS_KEY_ID is set)'];
    context.addIssue({ code: 'custom', path: [missing], message });
  }
});
export type BlobEnv = z.output<typeof BlobEnv>;
