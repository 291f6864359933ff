import {
  type ContentPart,
  type DocumentRef,
  type DocumentUploader,
  decideLostFile,
  type ModelClient,
  type ModelRequest,
  ModelTransportError,
  suspectedLostFile,
} from '@quarry/core';
import type { Logger } from 'pino';
import { checkDocumentFile } from './check-document-file';

/** Options of {@link withLostFileRecovery}. */
export interface LostFileRecoveryOptions {
  readonly model: ModelClient;
  readonly uploader: DocumentUploader;
  /** A new reference for the document whose file `lostFileId` is gone: a fresh upload, else base64. */
  readonly reupload: (options: {
    readonly lostFileId: string;
    readonly signal?: AbortSignal;
  }) => Promise<DocumentRef>;
  readonly log: Logger;
}

/**
 * A job's model client that survives a document file the Files API no longer has (deleted behind
 * Quarry's back, expired early, another workspace's). When a call referencing a file id fails with
 * a 404 (or a 400: `suspectedLostFile`), it asks the Files API whether the file exists (one
 * deadline): if it is gone, the stored id is forgotten, the document uploaded again (or sent as
 * base64) and the call re-sent within the same attempt, so no attempt is spent; every later call of
 * the job references the new upload. At most one re-upload per call: a file gone again right after
 * fails the call as `permanent`. A file still there leaves the call's error as it was.
 */
export function withLostFileRecovery(options: LostFileRecoveryOptions): ModelClient {
  const { model, uploader, log } = options;
  const replaced = new Map<string, DocumentRef>();
  return {
    async generate(request, call) {
      const signal = call?.signal;
      let reuploaded = false;
      let current = withReplacedFiles(request, replaced);
      for (;;) {
        try {
          return await model.generate(current, call);
        } catch (error) {
          const fileId = suspectedLostFile({ error, request: current });
          if (fileId === null) throw error;
          const status = error instanceof ModelTransportError ? error.status : null;
          const check = await checkDocumentFile({ uploader, fileId, log, signal });
          const decision = decideLostFile({ fileId, check, reuploaded });
          switch (decision.type) {
            case 'not_lost':
              throw error;
            case 'unknown':
              throw new ModelTransportError({
                kind: 'transient',
                message: `The call failed with ${status} and the Files API could not say whether document file ${fileId} still exists`,
                status,
                cause: error,
              });
            case 'gone_again':
              throw new ModelTransportError({
                kind: 'permanent',
                message: `The Files API lost document file ${fileId} again right after it was uploaded anew`,
                status,
                cause: error,
              });
            case 'reupload': {
              const ref = await options.reupload({ lostFileId: fileId, ...(signal ? { signal } : {}) });
              replaced.set(fileId, ref);
              log.warn(
                { lostFileId: fileId, ref: ref.type },
                'document file lost by the Files API; sent anew',
              );
              reuploaded = true;
              current = withReplacedFiles(current, replaced);
            }
          }
        }
      }
    },
  };
}

/** The request with each document referencing a replaced file id referencing its replacement. */
function withReplacedFiles(request: ModelRequest, replaced: ReadonlyMap<string, DocumentRef>): ModelRequest {
  if (replaced.size === 0) return request;
  const replace = (part: ContentPart): ContentPart => {
    if (part.type !== 'document' || part.ref.type !== 'file') return part;
    const ref = replaced.get(part.ref.fileId);
    return ref ? { ...part, ref } : part;
  };
  return {
    ...request,
    messages: request.messages.map((message) => ({ ...message, content: message.content.map(replace) })),
  };
}
