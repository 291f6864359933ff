/**
 * Input token estimates of documents, from the figures the docs give (checked 2026-11-24, see the
 * README): a PDF page costs its text (1,500 to 3,000 tokens a page depending on density: the
 * stand-in takes the text layer at four characters a token, kept within that range) plus its page
 * image; an image costs about width × height / 750 tokens, and images past about 1,600 tokens
 * are scaled down first, so no image (nor page image) costs more than 1,600.
 */
export const documentTokenFigures = {
  pdfPageTextMin: 1500,
  pdfPageTextMax: 3000,
  imageMax: 1600,
  pixelsPerImageToken: 750,
} as const;

/** Tokens of one PDF page with `characters` of text layer, page image included. */
export const pdfPageTokens = (characters: number): number =>
  Math.min(
    documentTokenFigures.pdfPageTextMax,
    Math.max(documentTokenFigures.pdfPageTextMin, Math.ceil(characters / 4)),
  ) + documentTokenFigures.imageMax;

/** Tokens of an image of `width` × `height` pixels (the most an image costs when its size is unknown). */
export const imageTokens = (size: { readonly width: number; readonly height: number } | null): number =>
  size === null
    ? documentTokenFigures.imageMax
    : Math.min(
        documentTokenFigures.imageMax,
        Math.ceil((size.width * size.height) / documentTokenFigures.pixelsPerImageToken),
      );
