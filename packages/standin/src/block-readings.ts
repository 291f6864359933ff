/**
 * What the model reads in one `document` or `image` block, once its source is resolved: `text`
 * (the PDF's text layer with pages in order, the plain-text document, or null for an image or a
 * PDF without a text layer), pages (1 for an image or text), the input tokens it costs and a
 * fingerprint of its content (sha-256) for the prompt cache.
 */
export interface BlockReading {
  readonly kind: 'pdf' | 'text' | 'image';
  readonly text: string | null;
  readonly pages: number;
  readonly tokens: number;
  readonly fingerprint: string;
}

const readings = new WeakMap<object, BlockReading>();

/** The reading of a block of a request that passed document validation; undefined otherwise. */
export const readingOf = (block: object): BlockReading | undefined => readings.get(block);

/** Attaches a reading to a block object of a parsed request body (kept as long as the body). */
export const rememberReading = (block: object, reading: BlockReading): void => {
  readings.set(block, reading);
};
