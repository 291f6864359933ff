import { createFilesUploader } from '@quarry/anthropic';
import { createBlobStore } from '@quarry/blobs';
import { DocumentFileStore, type QuarryKeys, type RedisClient } from '@quarry/queue';
import { documentFileSettings } from './document-file-settings';
import { documentReadingCache } from './document-reading-cache';
import type { DocumentResolver } from './resolve-job-document';
import type { WorkerConfig } from './worker-config';

/**
 * What a worker resolves document jobs with: the blob store its configuration names, the Files API
 * uploader (the worker's API key and base URL, one `ANTHROPIC_TIMEOUT_MS` deadline per upload) and
 * the shared store of file ids, and the readings of the documents it read last. `close` releases the blob store's connections.
 */
export function createDocumentResolver(options: {
  readonly config: WorkerConfig;
  readonly connection: RedisClient;
  readonly keys: QuarryKeys;
}): { readonly resolver: DocumentResolver; close(): void } {
  const { config } = options;
  const blobs = createBlobStore(config.blobs);
  return {
    resolver: {
      blobs: blobs.store,
      uploader: createFilesUploader({
        apiKey: config.anthropic.apiKey,
        ...(config.anthropic.baseURL ? { baseURL: config.anthropic.baseURL } : {}),
        timeoutMs: config.anthropic.timeoutMs,
      }),
      files: new DocumentFileStore({
        redis: options.connection,
        keys: options.keys,
        ttlSeconds: documentFileSettings.reuseSeconds,
      }),
      readings: documentReadingCache(),
    },
    close: () => blobs.close(),
  };
}
