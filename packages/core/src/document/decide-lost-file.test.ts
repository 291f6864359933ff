import { describe, expect, it } from 'vitest';
import { ModelTransportError } from '../errors/model-transport-error';
import type { ModelRequest } from '../model/model-request';
import { decideLostFile, mayBeLostFile, referencedFileId, suspectedLostFile } from './decide-lost-file';

const requestWith = (
  ref: { type: 'file'; fileId: string } | { type: 'base64'; data: string },
): ModelRequest => ({
  model: 'claude-test',
  maxTokens: 100,
  strategy: 'tool',
  toolName: 'extract',
  outputSchema: {},
  system: 'Extract.',
  messages: [
    {
      role: 'user',
      content: [
        { type: 'document', mediaType: 'application/pdf', ref },
        { type: 'text', text: 'Extract the note.' },
      ],
    },
  ],
});

const notFound = new ModelTransportError({ kind: 'permanent', status: 404, message: 'not found' });

describe('a document file the Files API may have lost', () => {
  it('is suspected only for a 404 or 400 of a request that references a file', () => {
    const byFile = requestWith({ type: 'file', fileId: 'file_1' });
    expect(suspectedLostFile({ error: notFound, request: byFile })).toBe('file_1');
    expect(
      suspectedLostFile({ error: notFound, request: requestWith({ type: 'base64', data: 'AA==' }) }),
    ).toBeNull();
    const badRequest = new ModelTransportError({ kind: 'permanent', status: 400, message: 'bad' });
    expect(suspectedLostFile({ error: badRequest, request: byFile })).toBe('file_1');
    const forbidden = new ModelTransportError({ kind: 'permanent', status: 403, message: 'no' });
    expect(suspectedLostFile({ error: forbidden, request: byFile })).toBeNull();
    const overloaded = new ModelTransportError({ kind: 'transient', status: 529, message: 'busy' });
    expect(suspectedLostFile({ error: overloaded, request: byFile })).toBeNull();
    expect(suspectedLostFile({ error: new Error('404'), request: byFile })).toBeNull();
  });

  it('is named by status and referenced file id apart, as a batch entry reports them', () => {
    expect([400, 404, 403, 500, null].map(mayBeLostFile)).toEqual([true, true, false, false, false]);
    expect(referencedFileId(requestWith({ type: 'file', fileId: 'file_2' }))).toBe('file_2');
    expect(referencedFileId(requestWith({ type: 'base64', data: 'AA==' }))).toBeNull();
  });

  it('is re-uploaded once per call when gone, then given up on; a present file leaves the error as it is', () => {
    const fileId = 'file_1';
    expect(decideLostFile({ fileId, check: 'gone', reuploaded: false })).toEqual({
      type: 'reupload',
      fileId,
    });
    expect(decideLostFile({ fileId, check: 'gone', reuploaded: true })).toEqual({
      type: 'gone_again',
      fileId,
    });
    expect(decideLostFile({ fileId, check: 'present', reuploaded: false })).toEqual({ type: 'not_lost' });
    expect(decideLostFile({ fileId, check: 'unknown', reuploaded: true })).toEqual({
      type: 'unknown',
      fileId,
    });
  });
});
