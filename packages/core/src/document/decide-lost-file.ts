import { ModelTransportError } from '../errors/model-transport-error';
import type { ModelRequest } from '../model/model-request';

/** What the Files API said about a file a failed call referenced. */
export type FileCheck = 'present' | 'gone' | 'unknown';

/**
 * What to do after a call that referenced a document by file id failed with a 404 (or a 400):
 * - `not_lost`: the file is there; the call failed for another reason (its error stands);
 * - `reupload`: the file is gone; forget its id, upload the document again and re-send, once;
 * - `gone_again`: gone although this call (or batch-lane attempt) already re-uploaded it; stop with
 *   a permanent error;
 * - `unknown`: the Files API could not say; a transient error (the job retries later).
 */
export type LostFileDecision =
  | { readonly type: 'not_lost' }
  | { readonly type: 'reupload'; readonly fileId: string }
  | { readonly type: 'gone_again'; readonly fileId: string }
  | { readonly type: 'unknown'; readonly fileId: string };

/**
 * Statuses a call referencing a lost file may fail with: 404, as the Files API guide names "File not
 * found" (checked 2026-11-24), and 400, the status of every other refusal of a request's content,
 * in case a Messages request naming an unknown `file_id` is refused that way. Which of the two it
 * was is never told from the message: the Files API is asked about the file instead.
 */
const lostFileStatuses: ReadonlySet<number> = new Set([400, 404]);

/** Whether a call that failed with `status` may have failed for a lost file ({@link lostFileStatuses}). */
export function mayBeLostFile(status: number | null): boolean {
  return status !== null && lostFileStatuses.has(status);
}

/** The file id of the first document a request references by file id, or null when none does. */
export function referencedFileId(request: ModelRequest): string | null {
  for (const message of request.messages) {
    for (const part of message.content) {
      if (part.type === 'document' && part.ref.type === 'file') return part.ref.fileId;
    }
  }
  return null;
}

/**
 * The file id a failed call may have failed for: the call failed with one of
 * {@link lostFileStatuses} and its request references a document by file id. Null otherwise.
 */
export function suspectedLostFile(options: {
  readonly error: unknown;
  readonly request: ModelRequest;
}): string | null {
  const { error } = options;
  if (!(error instanceof ModelTransportError) || !mayBeLostFile(error.status)) return null;
  return referencedFileId(options.request);
}

/** {@link LostFileDecision} from the Files API's answer and whether this call re-uploaded already. */
export function decideLostFile(options: {
  readonly fileId: string;
  readonly check: FileCheck;
  readonly reuploaded: boolean;
}): LostFileDecision {
  const { fileId } = options;
  switch (options.check) {
    case 'present':
      return { type: 'not_lost' };
    case 'unknown':
      return { type: 'unknown', fileId };
    case 'gone':
      return options.reuploaded ? { type: 'gone_again', fileId } : { type: 'reupload', fileId };
  }
}
