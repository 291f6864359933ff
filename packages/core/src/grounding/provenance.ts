import { z } from 'zod';

/** Where a grounded value's quote is in the document, and how it was matched. */
export const ProvenanceEntry = z.object({
  /**
   * Start offset in the original document, in UTF-16 code units (`document.slice(start, end)`); with
   * `page`, in that page's text.
   */
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  /** The quote the model gave. */
  quote: z.string(),
  match: z.enum(['exact', 'normalised', 'fuzzy']),
  /** The PDF page (from 1) the quote starts on, when the document is a PDF grounded in its text layer. */
  page: z.number().int().positive().optional(),
});
export type ProvenanceEntry = z.infer<typeof ProvenanceEntry>;

/** Provenance by concrete field path (`lines[0].sku`). */
export const Provenance = z.record(z.string(), ProvenanceEntry);
export type Provenance = z.infer<typeof Provenance>;
