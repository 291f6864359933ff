const encoder = new TextEncoder();

/** Size of a string in UTF-8 bytes. */
export function utf8Bytes(text: string): number {
  return encoder.encode(text).byteLength;
}
