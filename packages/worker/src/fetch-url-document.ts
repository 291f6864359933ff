import { BadDocumentError } from '@quarry/core';
import { DocumentFetchError, fetchDocument, UnsafeUrlError } from '@quarry/documents';
import { documentFileSettings } from './document-file-settings';

/**
 * The bytes of a `{ type: 'url' }` document, downloaded with `fetchDocument` (https only; private,
 * loopback, link-local and metadata addresses refused after resolution, on every redirect too; a
 * size cap and one deadline for the whole download).
 * @throws BadDocumentError for a URL refused or a download that cannot succeed (`document_too_large`
 *   past the cap); a timeout, a network failure or a 5xx is rethrown as is, to be retried.
 */
export async function fetchUrlDocument(options: {
  readonly url: string;
  readonly signal?: AbortSignal | undefined;
}): Promise<Uint8Array> {
  try {
    const fetched = await fetchDocument({
      url: options.url,
      maxBytes: documentFileSettings.maxDownloadBytes,
      timeoutMs: documentFileSettings.downloadTimeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return fetched.bytes;
  } catch (error) {
    if (error instanceof UnsafeUrlError) {
      throw new BadDocumentError({
        kind: 'bad_document',
        message: `input.document.source.url: ${error.message}`,
        cause: error,
      });
    }
    if (error instanceof DocumentFetchError) {
      switch (error.problem) {
        case 'too_large':
          throw new BadDocumentError({
            kind: 'document_too_large',
            message: `input.document.source.url: ${error.message}`,
            cause: error,
          });
        case 'timeout':
        case 'network':
          throw error;
        case 'http_status':
          if (error.status !== null && error.status >= 500) throw error;
          throw new BadDocumentError({
            kind: 'bad_document',
            message: `input.document.source.url: ${error.message}`,
            cause: error,
          });
        case 'too_many_redirects':
        case 'content_type_mismatch':
        case 'unsupported_type':
          throw new BadDocumentError({
            kind: 'bad_document',
            message: `input.document.source.url: ${error.message}`,
            cause: error,
          });
      }
    }
    throw error;
  }
}
