/** The media types the Messages API reads in `document` and `image` blocks. */
export const imageMediaTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
type ImageMediaType = (typeof imageMediaTypes)[number];
export type BinaryMediaType = 'application/pdf' | ImageMediaType;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  prefix.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string): number[] => [...text].map((character) => character.charCodeAt(0));

/**
 * The media type the bytes are, from their signature (`%PDF-`, PNG, JPEG, GIF, RIFF…WEBP), or null
 * when they are none of those. The extension or a declared type never decides.
 */
export function sniffMediaType(bytes: Uint8Array): BinaryMediaType | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}
