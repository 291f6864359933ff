/** The document types the Messages API reads natively: PDFs as document blocks, the rest as images. */
export const DOCUMENT_MEDIA_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
] as const;
export type DocumentMediaType = (typeof DOCUMENT_MEDIA_TYPES)[number];

const ALIASES: Readonly<Record<string, DocumentMediaType>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
};

/**
 * A claimed media type (a `Content-Type` header, a job's field) as one of the supported types:
 * lower-cased, parameters dropped, common aliases mapped. Null when it names no supported type.
 */
export function normalizeMediaType(claim: string): DocumentMediaType | null {
  const bare = claim.split(';')[0]?.trim().toLowerCase() ?? '';
  const alias = ALIASES[bare];
  if (alias) return alias;
  return (DOCUMENT_MEDIA_TYPES as readonly string[]).includes(bare) ? (bare as DocumentMediaType) : null;
}
