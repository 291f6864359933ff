import type { DocumentUploader, FileCheck } from '@quarry/core';
import type { Logger } from 'pino';
import { describeError } from './describe-error';

/**
 * What the Files API says of a document file a failed call referenced: `present`, `gone`, or
 * `unknown` when it could not say (unreachable, timed out: logged). An abort of `signal` throws.
 */
export async function checkDocumentFile(options: {
  readonly uploader: DocumentUploader;
  readonly fileId: string;
  readonly log: Logger;
  readonly signal?: AbortSignal | undefined;
}): Promise<FileCheck> {
  const { fileId, signal } = options;
  try {
    return (await options.uploader.exists({ fileId, ...(signal ? { signal } : {}) })) ? 'present' : 'gone';
  } catch (error) {
    signal?.throwIfAborted();
    options.log.warn(
      { fileId, error: describeError(error) },
      'could not ask the Files API for a document file',
    );
    return 'unknown';
  }
}
