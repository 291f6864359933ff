import type { LostFileDecision } from '@quarry/core';
import type { BatchOutcome } from './batch-outcome';
import type { BatchResultAction } from './batch-result-action';

/**
 * What to do with an errored batch entry whose request referenced a document file, once the Files
 * API was asked about that file (`decideLostFile`, the entry having been put back for a lost file
 * before counting as re-uploaded): the file is there, so the error is stored as it came; gone, so
 * the entry waits for the next batch, its document resolved anew (no attempt spent, nothing stored);
 * gone again after that, a permanent error naming the file; the Files API could not say, so the
 * entry waits for the next batch as after an error of the API's own.
 */
export function lostFileResultAction(options: {
  readonly decision: LostFileDecision;
  /** The error the entry came back with. */
  readonly outcome: Extract<BatchOutcome, { type: 'error' }>;
}): BatchResultAction {
  const { decision, outcome } = options;
  switch (decision.type) {
    case 'not_lost':
      return { kind: 'store', outcome };
    case 'reupload':
      return { kind: 'reupload', lostFileId: decision.fileId };
    case 'unknown':
      return { kind: 'requeue', why: 'file_unchecked' };
    case 'gone_again':
      return {
        kind: 'store',
        outcome: {
          ...outcome,
          kind: 'permanent',
          message: `The Files API lost document file ${decision.fileId} again after it was uploaded anew for the next batch`,
        },
      };
  }
}
