import type { ResolvedDocument } from '@quarry/core';
import { LRUCache } from 'lru-cache';

/**
 * What a worker keeps of a document it has read: its type from the bytes, its text layer, its token
 * estimate, and whether it is a PDF encrypted for permissions only (sent decrypted: `decryptPdf`).
 */
export type DocumentReading = Pick<
  ResolvedDocument,
  'mediaType' | 'text' | 'pageStarts' | 'estimatedTokens'
> & {
  readonly encrypted?: boolean;
};

/**
 * The readings of the documents a worker read last, by content hash and claimed type, so that a
 * job run again (a transient retry, a rate-limit bounce, each attempt in the batch lane) is not
 * inspected nor its text layer extracted again (about half a second for a 100-page PDF). The least
 * recently used go first. Only documents that passed inspection are kept: a refused one is refused again.
 */
export type DocumentReadingCache = LRUCache<string, DocumentReading>;

/** Defaults of {@link documentReadingCache}: a few documents, a few MB of text at most. */
const documentReadingDefaults = { maxEntries: 16, maxTextCharacters: 4_000_000 } as const;

/**
 * A {@link DocumentReadingCache} of at most `maxEntries` readings and `maxTextCharacters` of text in
 * all; a reading whose text alone is over that is not kept.
 */
export function documentReadingCache(
  options: { readonly maxEntries?: number; readonly maxTextCharacters?: number } = {},
): DocumentReadingCache {
  return new LRUCache<string, DocumentReading>({
    max: options.maxEntries ?? documentReadingDefaults.maxEntries,
    maxSize: options.maxTextCharacters ?? documentReadingDefaults.maxTextCharacters,
    // A document without a text layer still takes a slot: counted as one character.
    sizeCalculation: (reading) => Math.max(1, reading.text?.length ?? 0),
  });
}
