import type { ModelClient, ResolvedDocument } from '@quarry/core';
import type { Logger } from 'pino';
import { type DocumentResolver, jobDocumentOf } from './resolve-job-document';
import { withLostFileRecovery } from './with-lost-file-recovery';

/**
 * The realtime model client of one job: `model` itself, or, for a document sent by file id, one
 * that uploads it anew when the Files API has lost the file ({@link withLostFileRecovery}); the new
 * reference comes from resolving the job's document again with the lost id forgotten.
 */
export function recoveringModelClient(options: {
  readonly model: ModelClient;
  readonly documents: DocumentResolver | undefined;
  readonly document: ResolvedDocument | undefined;
  /** The job's input, whose document is resolved again. */
  readonly input: unknown;
  readonly log: Logger;
}): ModelClient {
  const { model, documents, input, log } = options;
  const uploader = documents?.uploader;
  if (options.document?.ref.type !== 'file' || !uploader) return model;
  return withLostFileRecovery({
    model,
    uploader,
    log,
    async reupload({ lostFileId, signal }) {
      const again = await jobDocumentOf({ input, resolver: documents, log, signal, lostFileId });
      if (!again) throw new TypeError('the job no longer carries a document');
      return again.ref;
    },
  });
}
