import { createHash } from 'node:crypto';
import type { BlobKey, BlobStore, JobDocument } from '@quarry/core';
import { textPdf } from '@quarry/documents/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentPages } from './document-pages';
import { pageTextCache } from './page-text-cache';

/** A blob store in memory that records the keys `get` was asked for. */
function recordingBlobs(): BlobStore & { readonly gets: BlobKey[]; add(bytes: Uint8Array): BlobKey } {
  const blobs = new Map<BlobKey, Uint8Array>();
  const gets: BlobKey[] = [];
  const refused = () => Promise.reject(new Error('not used by the pages'));
  return {
    maxBytes: 1024 * 1024,
    gets,
    add(bytes) {
      const key = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
      blobs.set(key, bytes);
      return key;
    },
    get: async ({ key }) => {
      gets.push(key);
      return blobs.get(key) ?? null;
    },
    put: refused,
    has: refused,
    delete: refused,
    list: refused,
  };
}

const pdfOf = (key: BlobKey): JobDocument => ({
  mediaType: 'application/pdf',
  source: { type: 'blob', key },
});
const charsOf = (pages: Awaited<ReturnType<typeof documentPages>>) =>
  pages.type === 'pages' ? pages.pages.reduce((sum, page) => sum + page.text.length, 0) : 0;

let invoice: Uint8Array;
let receipt: Uint8Array;
let scan: Uint8Array;
beforeAll(async () => {
  invoice = await textPdf([['Invoice INV-7'], ['Total: 1.234,56 EUR']]);
  receipt = await textPdf([['Receipt R-1 from ACME & Co.']]);
  scan = await textPdf([[]]);
});

describe('the page text cache', () => {
  it('shows a PDF again without reading the blob store or the PDF again', async () => {
    const blobs = recordingBlobs();
    const key = blobs.add(invoice);
    const cache = pageTextCache({ maxChars: 10_000, maxEntries: 10 });
    const first = await documentPages({ document: pdfOf(key), blobs, cache });
    const second = await documentPages({ document: pdfOf(key), blobs, cache });
    expect(first.type).toBe('pages');
    expect(second).toEqual(first);
    expect(blobs.gets).toEqual([key]);
  });

  it('keeps a PDF without a text layer too, and nothing that could not be read', async () => {
    const blobs = recordingBlobs();
    const scanned = blobs.add(scan);
    const missing = `sha256:${'0'.repeat(64)}`;
    const cache = pageTextCache({ maxChars: 10_000, maxEntries: 10 });
    for (let i = 0; i < 2; i++) {
      expect(await documentPages({ document: pdfOf(scanned), blobs, cache })).toEqual({
        type: 'no_text_layer',
        reason: 'scan',
      });
      expect((await documentPages({ document: pdfOf(missing), blobs, cache })).type).toBe('unavailable');
    }
    expect(blobs.gets).toEqual([scanned, missing, missing]);
  });

  it('evicts the least recently shown document past its bound on documents', async () => {
    const blobs = recordingBlobs();
    const [a, b] = [blobs.add(invoice), blobs.add(receipt)];
    const cache = pageTextCache({ maxChars: 10_000, maxEntries: 1 });
    for (const key of [a, b, a]) await documentPages({ document: pdfOf(key), blobs, cache });
    expect(blobs.gets).toEqual([a, b, a]);
  });

  it('evicts past its bound on characters, and keeps no document longer than the bound', async () => {
    const blobs = recordingBlobs();
    const [a, b] = [blobs.add(invoice), blobs.add(receipt)];
    const probe = pageTextCache({ maxChars: 10_000, maxEntries: 10 });
    const [aChars, bChars] = [
      charsOf(await documentPages({ document: pdfOf(a), blobs, cache: probe })),
      charsOf(await documentPages({ document: pdfOf(b), blobs, cache: probe })),
    ];
    blobs.gets.length = 0;
    // Room for either document, not both.
    const cache = pageTextCache({ maxChars: Math.max(aChars, bChars), maxEntries: 10 });
    for (const key of [a, b, a, a]) await documentPages({ document: pdfOf(key), blobs, cache });
    expect(blobs.gets).toEqual([a, b, a]);
    expect(cache.calculatedSize).toBeLessThanOrEqual(Math.max(aChars, bChars));
    const tiny = pageTextCache({ maxChars: Math.min(aChars, bChars) - 1, maxEntries: 10 });
    for (const key of [a, a]) await documentPages({ document: pdfOf(key), blobs, cache: tiny });
    expect(tiny.size).toBe(0);
  });
});
