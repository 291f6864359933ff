import { S3Client } from '@aws-sdk/client-s3';
import type { BlobStore } from '@quarry/core';
import type { BlobConfig } from './blob-config';
import { DirectoryBlobStore } from './directory-blob-store';
import { S3BlobStore } from './s3-blob-store';

/** A blob store and how to release what it holds open (the S3 client's sockets). */
export interface OpenBlobStore {
  readonly store: BlobStore;
  close(): void;
}

/** The blob store `config` describes: a directory, or S3-compatible object storage. */
export function createBlobStore(config: BlobConfig): OpenBlobStore {
  switch (config.kind) {
    case 'directory':
      return { store: new DirectoryBlobStore(config), close: () => {} };
    case 's3': {
      const client = new S3Client({
        region: config.region,
        ...(config.endpoint !== undefined ? { endpoint: config.endpoint } : {}),
        ...(config.credentials !== undefined ? { credentials: config.credentials } : {}),
        forcePathStyle: config.forcePathStyle,
        // Checksums only where the API requires them: S3-compatible stores differ in which they take,
        // and every blob is checked against its SHA-256 key on read anyway.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      const store = new S3BlobStore({
        client,
        bucket: config.bucket,
        prefix: config.prefix,
        maxBytes: config.maxBytes,
        timeoutMs: config.timeoutMs,
      });
      return { store, close: () => client.destroy() };
    }
  }
}
