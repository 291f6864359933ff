/**
 * The figures a document's input tokens are estimated from before the call, checked 2026-11-24:
 *
 * - A PDF page costs its text, "1,500-3,000 tokens per page depending on content density", plus
 *   its page image at image rates, since "each page is converted into an image" (PDF support,
 *   "Estimate your costs": https://docs.anthropic.com/en/docs/build-with-claude/pdf-support,
 *   https://platform.claude.com/docs/en/build-with-claude/pdf-support).
 * - An image costs about `width × height / 750` tokens; one whose long edge is over 1568 px, or
 *   that would cost more than about 1,600 tokens, is first scaled down, so no image costs more
 *   than about 1,600 (Vision, "Evaluate image size": https://docs.claude.com/en/docs/vision,
 *   https://platform.claude.com/docs/en/build-with-claude/vision).
 *
 * The page's text is taken at four characters a token, kept within the 1,500 to 3,000 range, and
 * the page image at the 1,600 ceiling: on the safe side of a public measurement (about 2,100 to
 * 2,350 tokens for one page of text, 1,600 for a scanned page:
 * https://huggingface.co/datasets/JOHNISKING/pdf-token-cost, 2026-10-18). The stand-in counts
 * documents with the same function.
 */
export const documentTokenFigures = {
  pdfPageTextMin: 1500,
  pdfPageTextMax: 3000,
  imageMax: 1600,
  pixelsPerImageToken: 750,
  /**
   * A document nothing is known of (a part built without an estimate): one page with the most
   * text the figures allow and its image.
   */
  unknownDocument: 4600,
} as const;

/** What is known of a document before the call; see {@link documentTokenEstimate}. */
export type DocumentTokenFacts =
  | {
      readonly kind: 'pdf';
      readonly pages: number;
      /** The text layer's length of each page (characters); null when the PDF has none. */
      readonly pageTextChars: readonly number[] | null;
    }
  | {
      readonly kind: 'image';
      /** The size in pixels; null when unknown (the image is then counted at the ceiling). */
      readonly size: { readonly width: number; readonly height: number } | null;
    };

/**
 * Estimated input tokens of a PDF or an image (before the model's tokenizer factor): each PDF page
 * its text at four characters a token, kept within 1,500 to 3,000 (a page without text counts
 * 1,500), plus 1,600 for its page image; an image `width × height / 750`, at most 1,600. See
 * {@link documentTokenFigures} for the sources. The estimate is reconciled with the real usage
 * once the call returns.
 */
export function documentTokenEstimate(facts: DocumentTokenFacts): number {
  const figures = documentTokenFigures;
  if (facts.kind === 'image') {
    const { size } = facts;
    if (size === null) return figures.imageMax;
    return Math.min(figures.imageMax, Math.ceil((size.width * size.height) / figures.pixelsPerImageToken));
  }
  const pages = Math.max(0, Math.floor(facts.pages));
  let tokens = 0;
  for (let page = 0; page < pages; page += 1) {
    const characters = facts.pageTextChars?.[page] ?? 0;
    const text = Math.min(
      figures.pdfPageTextMax,
      Math.max(figures.pdfPageTextMin, Math.ceil(characters / 4)),
    );
    tokens += text + figures.imageMax;
  }
  return tokens;
}
