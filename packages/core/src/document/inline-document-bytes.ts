/** Default of `QUARRY_INLINE_DOCUMENT_MAX_BYTES`: the largest base64 document a job may carry, decoded. */
export const DEFAULT_INLINE_DOCUMENT_MAX_BYTES = 256 * 1024;

/** Bytes that standard base64 text (already checked as such) decodes to. */
export function decodedBase64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}
