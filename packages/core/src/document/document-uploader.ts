import type { DocumentMediaType } from './document-media-type';

/**
 * The port through which a worker uploads a document once (the Files API) so that every attempt
 * references it by id instead of carrying its bytes. The upload has one deadline (the adapter's)
 * and the caller's `signal`.
 */
export interface DocumentUploader {
  /** Uploads the bytes and returns the file id; the file expires by itself after `expiresInSeconds`. */
  upload(options: {
    readonly bytes: Uint8Array;
    readonly mediaType: DocumentMediaType;
    /** A name for the file, never the document's own (the content hash serves). */
    readonly filename: string;
    readonly expiresInSeconds: number;
    readonly signal?: AbortSignal;
  }): Promise<string>;
  /**
   * Whether the Files API still has the file: false when it answers that it knows no such file
   * (deleted, expired, another workspace's); throws when it cannot tell (unreachable, timed out).
   */
  exists(options: { readonly fileId: string; readonly signal?: AbortSignal }): Promise<boolean>;
}
