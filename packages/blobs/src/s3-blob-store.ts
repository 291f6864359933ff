import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { BlobCallOptions, BlobEntry, BlobKey, BlobPage, BlobPut, BlobStore } from '@quarry/core';
import { blobKeyOf } from './blob-key-of';
import { BlobTooLargeError } from './errors/blob-too-large-error';
import { hexOfBlobKey } from './hex-of-blob-key';
import { verifiedBytes } from './verified-bytes';
import { withDeadline } from './with-deadline';

/** Options of {@link S3BlobStore}. */
export interface S3BlobStoreOptions {
  /** The client (its endpoint, region, credentials, path style); see `s3ClientOf`. */
  readonly client: S3Client;
  readonly bucket: string;
  /** Put before every object key, e.g. `quarry/` (`QUARRY_S3_PREFIX`). */
  readonly prefix: string;
  /** Largest blob, in bytes (`QUARRY_BLOB_MAX_BYTES`). */
  readonly maxBytes: number;
  /** Deadline of each call, in milliseconds, retries included (`QUARRY_BLOB_TIMEOUT_MS`). */
  readonly timeoutMs: number;
}

const HEX = /^[0-9a-f]{64}$/;

/**
 * The production blob store: S3-compatible object storage (AWS S3, MinIO, Cloudflare R2…) through
 * `@aws-sdk/client-s3`, one object per blob at `<prefix>sha256/<hex>`. Objects are written whole by
 * one PUT (never seen half-written); a PUT of bytes already there rewrites them, which refreshes
 * their age for orphan collection.
 */
export class S3BlobStore implements BlobStore {
  readonly maxBytes: number;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #root: string;
  readonly #timeoutMs: number;

  constructor(options: S3BlobStoreOptions) {
    this.#client = options.client;
    this.#bucket = options.bucket;
    this.#root = `${options.prefix}sha256/`;
    this.maxBytes = options.maxBytes;
    this.#timeoutMs = options.timeoutMs;
  }

  #objectKey(key: BlobKey): string {
    return `${this.#root}${hexOfBlobKey(key)}`;
  }

  put(options: BlobCallOptions & { readonly bytes: Uint8Array }): Promise<BlobPut> {
    const { bytes } = options;
    if (bytes.byteLength > this.maxBytes) {
      return Promise.reject(new BlobTooLargeError({ size: bytes.byteLength, maxBytes: this.maxBytes }));
    }
    return withDeadline(
      { operation: 'put', timeoutMs: this.#timeoutMs, signal: options.signal },
      async (abortSignal) => {
        const key = blobKeyOf(bytes);
        const Key = this.#objectKey(key);
        const existed = await this.#exists(Key, abortSignal);
        await this.#client.send(
          new PutObjectCommand({
            Bucket: this.#bucket,
            Key,
            Body: bytes,
            ContentLength: bytes.byteLength,
            ContentType: 'application/octet-stream',
          }),
          { abortSignal },
        );
        return { key, size: bytes.byteLength, created: !existed };
      },
    );
  }

  async get(options: BlobCallOptions & { readonly key: BlobKey }): Promise<Uint8Array | null> {
    const Key = this.#objectKey(options.key);
    return withDeadline(
      { operation: 'get', timeoutMs: this.#timeoutMs, signal: options.signal },
      async (abortSignal) => {
        let object: GetObjectCommandOutput;
        try {
          object = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key }), {
            abortSignal,
          });
        } catch (error) {
          if (isNotFound(error)) return null;
          throw error;
        }
        const body = object.Body as
          | (NonNullable<GetObjectCommandOutput['Body']> & { destroy?(): void })
          | undefined;
        const size = object.ContentLength ?? 0;
        if (size > this.maxBytes) {
          body?.destroy?.();
          throw new BlobTooLargeError({ size, maxBytes: this.maxBytes });
        }
        const bytes = body ? await body.transformToByteArray() : new Uint8Array();
        return verifiedBytes(options.key, bytes);
      },
    );
  }

  async has(options: BlobCallOptions & { readonly key: BlobKey }): Promise<boolean> {
    const Key = this.#objectKey(options.key);
    return withDeadline(
      { operation: 'has', timeoutMs: this.#timeoutMs, signal: options.signal },
      (abortSignal) => this.#exists(Key, abortSignal),
    );
  }

  async delete(options: BlobCallOptions & { readonly key: BlobKey }): Promise<void> {
    const Key = this.#objectKey(options.key);
    return withDeadline(
      { operation: 'delete', timeoutMs: this.#timeoutMs, signal: options.signal },
      async (abortSignal) => {
        await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key }), { abortSignal });
      },
    );
  }

  list(options: BlobCallOptions & { readonly after?: string; readonly limit?: number }): Promise<BlobPage> {
    const limit = Math.max(1, Math.min(options.limit ?? 1000, 1000));
    return withDeadline(
      { operation: 'list', timeoutMs: this.#timeoutMs, signal: options.signal },
      async (abortSignal) => {
        const page = await this.#client.send(
          new ListObjectsV2Command({
            Bucket: this.#bucket,
            Prefix: this.#root,
            MaxKeys: limit,
            ...(options.after ? { StartAfter: `${this.#root}${options.after}` } : {}),
          }),
          { abortSignal },
        );
        const objects = page.Contents ?? [];
        const entries: BlobEntry[] = objects.flatMap((object) => {
          const hex = object.Key?.slice(this.#root.length) ?? '';
          if (!HEX.test(hex)) return [];
          return [
            { key: `sha256:${hex}`, size: object.Size ?? 0, storedAt: object.LastModified ?? new Date(0) },
          ];
        });
        const last = objects.at(-1)?.Key?.slice(this.#root.length);
        return { entries, next: page.IsTruncated && last ? last : null };
      },
    );
  }

  async #exists(Key: string, abortSignal: AbortSignal): Promise<boolean> {
    try {
      await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key }), { abortSignal });
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }
}

/** An S3 "no such object" answer (HEAD answers a bare 404 named `NotFound`). */
function isNotFound(error: unknown): boolean {
  const name = (error as { name?: unknown }).name;
  const status = (error as { $metadata?: { httpStatusCode?: unknown } }).$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
}
