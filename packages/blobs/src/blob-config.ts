/** Defaults of the blob store settings. */
export const blobDefaults = {
  /** `QUARRY_BLOB_DIR`, relative to the working directory. */
  dir: '.quarry/blobs',
  /** `QUARRY_BLOB_MAX_BYTES`: 32 MiB. */
  maxBytes: 32 * 1024 * 1024,
  /** `QUARRY_BLOB_TIMEOUT_MS`: each call, retries included. */
  timeoutMs: 30_000,
  /** `QUARRY_S3_PREFIX`. */
  s3Prefix: 'quarry/',
  /** `QUARRY_S3_REGION` (MinIO takes any; R2 wants `auto`). */
  s3Region: 'us-east-1',
} as const;

/** Where blobs are kept, as read from the environment ({@link blobConfig}). */
export type BlobConfig =
  | {
      readonly kind: 'directory';
      readonly dir: string;
      readonly maxBytes: number;
      readonly timeoutMs: number;
    }
  | {
      readonly kind: 's3';
      readonly bucket: string;
      readonly prefix: string;
      /** A custom endpoint (MinIO, R2…); `undefined` for AWS S3 itself. */
      readonly endpoint: string | undefined;
      readonly region: string;
      /** Explicit credentials; `undefined` takes the SDK's default chain (AWS_ACCESS_KEY_ID, roles…). */
      readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined;
      readonly forcePathStyle: boolean;
      readonly maxBytes: number;
      readonly timeoutMs: number;
    };
