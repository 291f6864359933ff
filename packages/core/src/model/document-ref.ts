import { z } from 'zod';

/**
 * How a request carries a document's bytes: by a Files API id (uploaded once, referenced by every
 * attempt) or inline as standard base64 (the fallback when no upload is possible).
 */
export const DocumentRef = z.discriminatedUnion('type', [
  z.object({ type: z.literal('file'), fileId: z.string().min(1) }),
  z.object({ type: z.literal('base64'), data: z.string().min(1) }),
]);
export type DocumentRef = z.infer<typeof DocumentRef>;
