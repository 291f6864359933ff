import type { DocumentRef } from '../model/document-ref';
import type { DocumentMediaType } from './document-media-type';

/**
 * A job's document as the worker resolved it before the first call: its type (from the bytes), how
 * requests carry it, its text layer for grounding (`null`: an image, or a PDF without one), and
 * its estimated input tokens.
 */
export interface ResolvedDocument {
  readonly mediaType: DocumentMediaType;
  readonly ref: DocumentRef;
  /** The text layer, pages joined by a blank line; null when there is none. */
  readonly text: string | null;
  /** Where each page starts in `text` (a PDF's pages, the first at 0); null for an image or no text. */
  readonly pageStarts: readonly number[] | null;
  /**
   * Estimated input tokens of the document (`documentTokenEstimate`, from its pages, their text
   * and an image's size), before the model's tokenizer factor: what the pacer, the cache
   * placement and the budget count it as before a call.
   */
  readonly estimatedTokens: number;
}
