import { imageSize } from 'image-size';
import type { DocumentLimits } from '../document-limits';
import type { DocumentMediaType } from '../document-media-type';
import { type DocumentRefusal, refuse } from '../document-refusal';

/** An image's size, read from its header alone (no pixel is decoded). */
export interface ImageFacts {
  readonly width: number;
  readonly height: number;
}

/**
 * Reads an image's dimensions from its header and refuses one whose header cannot be read or whose
 * longer side is over `limits.maxImageDimension`: a header may claim any size, and decoding it would
 * take width × height × 4 bytes.
 */
export function inspectImage(
  bytes: Uint8Array,
  mediaType: DocumentMediaType,
  limits: DocumentLimits,
): ImageFacts | DocumentRefusal {
  let width: number;
  let height: number;
  try {
    ({ width, height } = imageSize(bytes));
  } catch {
    return refuse('bad_document', `the ${mediaType} image is damaged: its header cannot be read`);
  }
  if (!(width > 0 && height > 0))
    return refuse('bad_document', `the ${mediaType} image has no size (${width} × ${height})`);
  if (Math.max(width, height) > limits.maxImageDimension) {
    return refuse(
      'document_too_large',
      `the image is ${width} × ${height} px; at most ${limits.maxImageDimension} px a side are accepted`,
    );
  }
  return { width, height };
}
