import { type DocumentRef, type ModelRequest, type ModelResponse, ModelTransportError } from '@quarry/core';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { withLostFileRecovery } from './with-lost-file-recovery';

const request = (fileId: string): ModelRequest => ({
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
        { type: 'document', mediaType: 'application/pdf', ref: { type: 'file', fileId } },
        { type: 'text', text: 'Extract the note.' },
      ],
    },
  ],
});

const notFound = new ModelTransportError({ kind: 'permanent', status: 404, message: 'File not found' });
const reply = { content: [] } as unknown as ModelResponse;

/** A model that answers 404 for every file id in `lost`, and the recorded refs it was sent. */
function fakes(options: { lost: Set<string>; exists: (fileId: string) => Promise<boolean> }) {
  const sent: DocumentRef[] = [];
  const reuploads: string[] = [];
  const client = withLostFileRecovery({
    model: {
      async generate(req) {
        const part = req.messages[0]?.content[0];
        if (part?.type !== 'document') throw new Error('no document');
        sent.push(part.ref);
        if (part.ref.type === 'file' && options.lost.has(part.ref.fileId)) throw notFound;
        return reply;
      },
    },
    uploader: {
      upload: () => Promise.reject(new Error('unused')),
      exists: ({ fileId }) => options.exists(fileId),
    },
    reupload: async ({ lostFileId }) => {
      reuploads.push(lostFileId);
      return { type: 'file', fileId: `file_new${reuploads.length}` };
    },
    log: pino({ level: 'silent' }),
  });
  return { client, sent, reuploads };
}

describe('withLostFileRecovery', () => {
  it('re-sends with a fresh upload once, and references it in every later call of the job', async () => {
    const { client, sent, reuploads } = fakes({ lost: new Set(['file_old']), exists: async () => false });
    expect(await client.generate(request('file_old'))).toBe(reply);
    expect(await client.generate(request('file_old'))).toBe(reply);
    expect(reuploads).toEqual(['file_old']);
    expect(sent).toEqual([
      { type: 'file', fileId: 'file_old' },
      { type: 'file', fileId: 'file_new1' },
      { type: 'file', fileId: 'file_new1' },
    ]);
  });

  it('leaves a 404 for a file the API still has as it was, and makes a check that fails transient', async () => {
    const present = fakes({ lost: new Set(['file_a']), exists: async () => true });
    await expect(present.client.generate(request('file_a'))).rejects.toBe(notFound);
    expect(present.reuploads).toEqual([]);
    const unreachable = fakes({ lost: new Set(['file_a']), exists: () => Promise.reject(new Error('down')) });
    await expect(unreachable.client.generate(request('file_a'))).rejects.toMatchObject({
      name: 'ModelTransportError',
      kind: 'transient',
    });
    expect(unreachable.reuploads).toEqual([]);
  });

  it('gives up after one re-upload per call when the new file is gone too', async () => {
    const { client, sent, reuploads } = fakes({
      lost: new Set(['file_old', 'file_new1']),
      exists: async () => false,
    });
    await expect(client.generate(request('file_old'))).rejects.toMatchObject({
      kind: 'permanent',
      message: 'The Files API lost document file file_new1 again right after it was uploaded anew',
    });
    expect(reuploads).toEqual(['file_old']);
    expect(sent).toHaveLength(2);
  });
});
