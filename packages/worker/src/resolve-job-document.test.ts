import { blobKeyOf } from '@quarry/blobs';
import { BadDocumentError, type BlobStore } from '@quarry/core';
import { textPdf } from '@quarry/documents/testing';
import type { DocumentFileStore } from '@quarry/queue';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { documentReadingCache } from './document-reading-cache';
import { type DocumentResolver, jobDocumentOf } from './resolve-job-document';

const log = pino({ level: 'silent' });

/** A store of file ids that knows every document as `file_1`. */
const files = { get: async () => 'file_1', claim: async (_key: string, id: string) => id };

describe('jobDocumentOf', () => {
  it('reads a document once for every run of its job, and refuses a bad one every time', async () => {
    const readings = documentReadingCache();
    // Records whether each lookup found a reading.
    const found: boolean[] = [];
    const get = readings.get.bind(readings);
    readings.get = (key, options) => {
      const reading = get(key, options);
      found.push(reading !== undefined);
      return reading;
    };
    const resolver: DocumentResolver = {
      blobs: null,
      uploader: null,
      files: files as unknown as DocumentFileStore,
      readings,
    };
    const data = Buffer.from(await textPdf([['Invoice 7'], ['Total 12.50']])).toString('base64');
    const input = { document: { mediaType: 'application/pdf', source: { type: 'base64', data } } };
    const first = await jobDocumentOf({ input, resolver, log });
    expect(first).toEqual({
      mediaType: 'application/pdf',
      ref: { type: 'file', fileId: 'file_1' },
      text: 'Invoice 7\n\nTotal 12.50',
      pageStarts: [0, 11],
      estimatedTokens: 2 * (1_500 + 1_600),
    });
    expect(await jobDocumentOf({ input, resolver, log })).toEqual(first);
    expect(found).toEqual([false, true]);

    // The same bytes claimed as an image: inspected (and refused) on every run, never kept.
    const asImage = { document: { ...input.document, mediaType: 'image/png' } };
    for (let run = 0; run < 2; run++) {
      await expect(jobDocumentOf({ input: asImage, resolver, log })).rejects.toBeInstanceOf(BadDocumentError);
    }
    expect(found).toEqual([false, true, false, false]);
    expect(readings.size).toBe(1);
  });

  it('fetches a blob document once: a run that finds its reading and its file id reads no bytes', async () => {
    const bytes = await textPdf([['Invoice 7']]);
    const key = blobKeyOf(bytes);
    const reads: string[] = [];
    const blobs = {
      maxBytes: 1024 * 1024,
      get: async (options: { key: string }) => {
        reads.push(options.key);
        return bytes;
      },
    } as unknown as BlobStore;
    const resolver: DocumentResolver = {
      blobs,
      uploader: null,
      files: files as unknown as DocumentFileStore,
      readings: documentReadingCache(),
    };
    const input = { document: { mediaType: 'application/pdf', source: { type: 'blob', key } } };
    const first = await jobDocumentOf({ input, resolver, log });
    expect(await jobDocumentOf({ input, resolver, log })).toEqual(first);
    expect(reads).toEqual([key]);
  });
});
