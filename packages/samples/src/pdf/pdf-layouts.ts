/** Page sizes in PDF points (1/72 inch). */
const letter = [612, 792] as const;
const a4 = [595.28, 841.89] as const;
const a5 = [419.53, 595.28] as const;

/**
 * How a sample is laid out on PDF pages: page size, margin, the largest font size (smaller when a
 * line would not fit the width), an optional cap on lines per page (to spread a sample over
 * pages), a decorative band at the top, and whether the text is real text (a text layer pdf.js
 * and models can read) or glyph outlines drawn as vector paths (no text layer, as a scan or a
 * flattened print has).
 */
export interface PdfLayout {
  readonly page: readonly [number, number];
  readonly margin: number;
  readonly fontSize: number;
  readonly maxLinesPerPage: number | null;
  readonly banner: boolean;
  readonly textLayer: boolean;
}

/** The shipped layouts, by name. */
export const pdfLayouts = {
  'letter-plain': {
    page: letter,
    margin: 54,
    fontSize: 9,
    maxLinesPerPage: null,
    banner: false,
    textLayer: true,
  },
  'a4-banner': { page: a4, margin: 42, fontSize: 8, maxLinesPerPage: null, banner: true, textLayer: true },
  'a5-two-page': { page: a5, margin: 28, fontSize: 7, maxLinesPerPage: 20, banner: false, textLayer: true },
  'letter-outlined': {
    page: letter,
    margin: 54,
    fontSize: 9,
    maxLinesPerPage: null,
    banner: false,
    textLayer: false,
  },
} as const satisfies Record<string, PdfLayout>;

export type PdfLayoutName = keyof typeof pdfLayouts;

/** The layout names in the order samples take them in turn. */
export const pdfLayoutNames = Object.keys(pdfLayouts) as PdfLayoutName[];
