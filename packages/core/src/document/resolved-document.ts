import type { DocumentRef } from '../model/document-ref';
import type { DocumentMediaType } from './document-media-type';

/**
 * A job's document as the worker resolved it before the first call: its type (from the bytes), how
 * requests carry it, and its text layer for grounding (`null`: an image, or a PDF without one).
 */
export interface ResolvedDocument {
  readonly mediaType: DocumentMediaType;
  readonly ref: DocumentRef;
  /** The text layer, pages joined by a blank line; null when there is none. */
  readonly text: string | null;
  /** Where each page starts in `text` (a PDF's pages, the first at 0); null for an image or no text. */
  readonly pageStarts: readonly number[] | null;
}
