import Anthropic, { NotFoundError, toFile } from '@anthropic-ai/sdk';
import type { DocumentUploader } from '@quarry/core';
import { withCallDeadline } from './with-call-deadline';

/** Options of {@link createFilesUploader}. */
export interface FilesUploaderOptions {
  readonly apiKey?: string;
  readonly baseURL?: string;
  /** One deadline for the whole upload (no SDK retries behind it). */
  readonly timeoutMs: number;
  /** A client to use instead (tests, shared clients). */
  readonly client?: Anthropic;
}

/** The Files API beta the upload is sent under (SDK 1.12.0 `AnthropicBeta`). */
export const filesApiBeta = 'files-api-2025-04-14';

/**
 * Uploads documents to the Files API (`client.beta.files.upload`, SDK 1.12.0) with an expiry
 * (`expires_in_seconds`), so a file Quarry no longer references is removed by the API itself. One
 * deadline covers the upload; no retry is made behind it (the caller falls back to base64).
 * `exists` asks for the file's metadata (`client.beta.files.retrieveMetadata`, one deadline): a
 * 404 (`NotFoundError`) means the API knows no such file; any other failure is thrown.
 */
export function createFilesUploader(options: FilesUploaderOptions): DocumentUploader {
  const client =
    options.client ??
    new Anthropic({
      ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
      maxRetries: 0,
      logLevel: 'off',
    });
  return {
    async upload(upload) {
      const file = await toFile(upload.bytes, upload.filename, { type: upload.mediaType });
      const metadata = await withCallDeadline(
        { operation: 'The Files API upload', timeoutMs: options.timeoutMs, signal: upload.signal },
        (signal) =>
          client.beta.files.upload(
            { file, expires_in_seconds: upload.expiresInSeconds, betas: [filesApiBeta] },
            { timeout: options.timeoutMs, maxRetries: 0, signal },
          ),
      );
      return metadata.id;
    },
    async exists({ fileId, signal }) {
      try {
        await withCallDeadline(
          { operation: 'The Files API metadata request', timeoutMs: options.timeoutMs, signal },
          (callSignal) =>
            client.beta.files.retrieveMetadata(
              fileId,
              { betas: [filesApiBeta] },
              { timeout: options.timeoutMs, maxRetries: 0, signal: callSignal },
            ),
        );
        return true;
      } catch (error) {
        if (error instanceof NotFoundError) return false;
        throw error;
      }
    },
  };
}
