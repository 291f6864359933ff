import type { BlobStore, JobDocument } from '@quarry/core';
import { extractPdfText, type PdfPageText } from '@quarry/documents';
import { dashboardDefaults } from '../dashboard-defaults';
import type { CachedPages, PageTextCache } from './page-text-cache';

/** What the job and DLQ pages can show of a document job's original. */
export type DocumentPages =
  | { readonly type: 'pages'; readonly pages: readonly PdfPageText[] }
  | { readonly type: 'no_text_layer'; readonly reason: 'image' | 'scan' }
  | { readonly type: 'unavailable'; readonly reason: string };

/**
 * The text layer of a document job's PDF, page by page (`extractPdfText` within the dashboard's
 * deadline and text cap), read from the blob store or the inline bytes; an image or a PDF without
 * text is `no_text_layer` (no OCR is done). A URL document is not fetched by the dashboard. A blob's
 * text layer is kept in `cache` by its key, so showing it again reads neither the store nor the PDF.
 */
export async function documentPages(options: {
  readonly document: JobDocument;
  readonly blobs: BlobStore | null;
  readonly cache: PageTextCache;
}): Promise<DocumentPages> {
  const { document, blobs, cache } = options;
  if (document.mediaType !== 'application/pdf') return { type: 'no_text_layer', reason: 'image' };
  const timeoutMs = dashboardDefaults.documentTextTimeoutMs;
  const signal = AbortSignal.timeout(timeoutMs);
  let bytes: Uint8Array | null;
  switch (document.source.type) {
    case 'url':
      return { type: 'unavailable', reason: 'the document is at a URL, which the dashboard does not fetch' };
    case 'base64':
      bytes = Buffer.from(document.source.data, 'base64');
      break;
    case 'blob': {
      if (!blobs) return { type: 'unavailable', reason: 'no blob store is configured for the dashboard' };
      const cached = cache.get(document.source.key);
      if (cached) return cached;
      try {
        bytes = await blobs.get({ key: document.source.key, signal });
      } catch (error) {
        return { type: 'unavailable', reason: `the blob store failed (${(error as Error).name})` };
      }
      if (bytes === null) return { type: 'unavailable', reason: 'the blob is no longer in the blob store' };
      break;
    }
  }
  try {
    const text = await extractPdfText({
      bytes,
      limits: { maxTextChars: dashboardDefaults.documentViewChars, timeoutMs },
      signal,
    });
    if (text.type === 'refused') return { type: 'unavailable', reason: text.detail };
    const pages: CachedPages = text.hasTextLayer
      ? { type: 'pages', pages: text.pages }
      : { type: 'no_text_layer', reason: 'scan' };
    if (document.source.type === 'blob') cache.set(document.source.key, pages);
    return pages;
  } catch (error) {
    return { type: 'unavailable', reason: `its text could not be read in time (${(error as Error).name})` };
  }
}
