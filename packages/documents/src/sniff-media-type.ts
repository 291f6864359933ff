import { imageSize } from 'image-size';
import type { DocumentMediaType } from './document-media-type';

const IMAGE_TYPES: Readonly<Record<string, DocumentMediaType>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** What the bytes are, from their signature: a supported type, `other` (an image type the platform does not read), or null. */
export type SniffedType = DocumentMediaType | 'other' | null;

/** PDF readers accept the header anywhere in the first 1024 bytes, as the PDF specification's implementation notes allow. */
const PDF_HEADER_WINDOW = 1024;

function isPdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, PDF_HEADER_WINDOW));
  return head.includes('%PDF-', 0, 'latin1');
}

/**
 * The media type the bytes show, never the one claimed for them: `%PDF-` for PDFs, and for images
 * the signature `image-size` recognises. An image whose header is cut off is still named by its
 * signature, so that the caller can refuse it as a bad document rather than an unknown type.
 */
export function sniffMediaType(bytes: Uint8Array): SniffedType {
  if (bytes.length === 0) return null;
  if (isPdf(bytes)) return 'application/pdf';
  try {
    const { type } = imageSize(bytes);
    return (type ? IMAGE_TYPES[type] : undefined) ?? 'other';
  } catch {
    return signatureOnly(bytes);
  }
}

const SIGNATURES: ReadonlyArray<readonly [DocumentMediaType, readonly number[]]> = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
];

function signatureOnly(bytes: Uint8Array): SniffedType {
  for (const [type, signature] of SIGNATURES) {
    if (signature.every((byte, index) => bytes[index] === byte)) return type;
  }
  return null;
}
