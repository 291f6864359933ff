import { LRUCache } from 'lru-cache';
import type { DocumentPages } from './document-pages';

/** What the cache keeps of a PDF: its text layer page by page, or that it has none. */
export type CachedPages = Extract<DocumentPages, { readonly type: 'pages' | 'no_text_layer' }>;

/**
 * The text layers the dashboard extracted, by blob key, least recently shown evicted first. Blob
 * keys name the SHA-256 of the bytes, so an entry is never stale. Bounded by the characters held
 * in all (a document longer than that is not kept) and by the number of documents.
 */
export type PageTextCache = LRUCache<string, CachedPages>;

/** A {@link PageTextCache} holding at most `maxChars` characters of page text and `maxEntries` documents. */
export function pageTextCache(options: {
  readonly maxChars: number;
  readonly maxEntries: number;
}): PageTextCache {
  return new LRUCache<string, CachedPages>({
    max: options.maxEntries,
    maxSize: options.maxChars,
    // A PDF without a text layer still takes a slot: counted as one character.
    sizeCalculation: (pages) =>
      Math.max(1, pages.type === 'pages' ? pages.pages.reduce((sum, page) => sum + page.text.length, 0) : 0),
  });
}
