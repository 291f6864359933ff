import { paddedPdf } from '@quarry/documents/testing';

/** Small documents of each kind, by their bytes (their type is in the bytes, not in any name). */
export const sampleDocuments = {
  pdf: Buffer.from(await paddedPdf(2000)),
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  zip: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]),
  unknown: Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 250, 251]),
} as const;

/** Bytes of `size` that start like a PDF (a header, then filler): not a readable PDF. */
export function pdfOfSize(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n');
  return Buffer.concat([head, Buffer.alloc(size - head.byteLength, 0x20)]);
}
