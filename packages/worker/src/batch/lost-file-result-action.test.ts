import { decideLostFile, type FileCheck } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import type { BatchOutcome } from './batch-outcome';
import { lostFileResultAction } from './lost-file-result-action';

const notFound: Extract<BatchOutcome, { type: 'error' }> = {
  type: 'error',
  kind: 'permanent',
  status: 404,
  message: 'The Message Batches API ended the request errored (404 not_found_error)',
};

const actionOf = (check: FileCheck, reuploaded: boolean) =>
  lostFileResultAction({
    decision: decideLostFile({ fileId: 'file_1', check, reuploaded }),
    outcome: notFound,
  });

describe('lostFileResultAction', () => {
  it('puts an entry whose file is gone back for the next batch, once', () => {
    expect(actionOf('gone', false)).toEqual({ kind: 'reupload', lostFileId: 'file_1' });
    expect(actionOf('gone', true)).toEqual({
      kind: 'store',
      outcome: {
        ...notFound,
        message:
          'The Files API lost document file file_1 again after it was uploaded anew for the next batch',
      },
    });
  });

  it('stores the error as it came when the file is there, and waits again when the Files API cannot say', () => {
    expect(actionOf('present', false)).toEqual({ kind: 'store', outcome: notFound });
    expect(actionOf('present', true)).toEqual({ kind: 'store', outcome: notFound });
    expect(actionOf('unknown', false)).toEqual({ kind: 'requeue', why: 'file_unchecked' });
  });
});
