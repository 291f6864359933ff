import { z } from 'zod';

const MIB = 1024 * 1024;

/**
 * Every limit a document is checked against, with its default; the defaults follow the platform's
 * own limits (see the package README for each source). Callers pass a partial object; what they
 * leave out takes the default, and a value out of range is a `ZodError` naming the field.
 */
export const DocumentLimits = z.object({
  /** Largest PDF accepted, in bytes (the Messages API refuses requests over 32 MB). */
  maxPdfBytes: z
    .number()
    .int()
    .positive()
    .default(32 * 1000 * 1000),
  /** Largest image accepted, in bytes (5 MB of base64 is 3.75 MiB of bytes). */
  maxImageBytes: z
    .number()
    .int()
    .positive()
    .default(3.75 * MIB),
  /** Most pages a PDF may have (100 per request on the platform). */
  maxPages: z.number().int().positive().default(100),
  /** Longest side of an image, in pixels (8000 × 8000 px on the platform). */
  maxImageDimension: z.number().int().positive().default(8000),
  /** Most bytes a PDF's deflate streams may decode to, all streams together (zip-bomb guard). */
  maxDecodedBytes: z
    .number()
    .int()
    .positive()
    .default(512 * MIB),
  /** Most characters of text extracted from one PDF, all pages together. */
  maxTextChars: z.number().int().positive().default(1_000_000),
  /** Deadline for inspecting or extracting one document, in milliseconds. */
  timeoutMs: z.number().int().positive().max(600_000).default(15_000),
});
export type DocumentLimits = z.infer<typeof DocumentLimits>;

/** The limits with every default filled in. */
export function documentLimits(partial: Partial<DocumentLimits> = {}): DocumentLimits {
  return DocumentLimits.parse(partial);
}
