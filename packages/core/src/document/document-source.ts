import { z } from 'zod';
import { BlobKey } from './blob-key';

/** Longest `url` a document source may name. */
export const MAX_DOCUMENT_URL_LENGTH = 2048;

/** A document in Quarry's blob store, by its content address. */
export const BlobDocumentSource = z.strictObject({ type: z.literal('blob'), key: BlobKey });

/** A document the worker fetches (https; http only where the worker allows it). */
export const UrlDocumentSource = z.strictObject({
  type: z.literal('url'),
  url: z
    .url({ protocol: /^https?$/, error: 'must be an https (or http) URL' })
    .max(MAX_DOCUMENT_URL_LENGTH, { error: `must be at most ${MAX_DOCUMENT_URL_LENGTH} characters` })
    .describe('An https URL (http only where the worker allows it) the worker fetches the document from.'),
});

/** A small document inline, as standard base64 (at most `QUARRY_INLINE_DOCUMENT_MAX_BYTES` decoded). */
export const Base64DocumentSource = z.strictObject({
  type: z.literal('base64'),
  data: z
    .base64({ error: 'must be standard base64 (A-Z, a-z, 0-9, +, / and = padding)' })
    .min(1, { error: 'must not be empty' })
    .describe('Standard base64; at most QUARRY_INLINE_DOCUMENT_MAX_BYTES (default 262144) bytes decoded.'),
});

/** Where a job's document is: `{ type: 'blob', key }`, `{ type: 'url', url }` or `{ type: 'base64', data }`. */
export const DocumentSource = z.discriminatedUnion(
  'type',
  [BlobDocumentSource, UrlDocumentSource, Base64DocumentSource],
  {
    error: 'must be { type: "blob", key }, { type: "url", url } or { type: "base64", data }',
  },
);
export type DocumentSource = z.infer<typeof DocumentSource>;
