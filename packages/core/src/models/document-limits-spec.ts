import { z } from 'zod';
import { platformDocs } from './model-sources';
import { SpecSource } from './model-spec-source';

const whole = (min: number, max: number) => {
  const form = `a whole number from ${min} to ${max}`;
  return z.number({ error: form }).int({ error: form }).min(min, { error: form }).max(max, { error: form });
};

/**
 * What the platform accepts of the documents sent to a model: request size, pages per PDF, image
 * size and count. Checked at enqueue (`enqueueDocument`, `quarry enqueue --file`).
 */
export const DocumentLimitsSpec = z.object({
  /** Largest request, in bytes: a document sent inline (base64 PDF or image) must fit in it. */
  maxRequestBytes: whole(1, 1_000_000_000),
  /** Most pages of one PDF. */
  maxPdfPages: whole(1, 100_000),
  /** Longest side of an image, in pixels. */
  maxImageDimension: whole(1, 100_000),
  /** Most images in one request. */
  maxImagesPerRequest: whole(1, 10_000),
  /** The pages the figures were checked against. */
  sources: z.array(SpecSource).min(1).max(5),
});
export type DocumentLimitsSpec = z.infer<typeof DocumentLimitsSpec>;

/**
 * The platform's document limits, the same for every model Quarry knows (checked 2026-11-24):
 * "Maximum request size: 32MB", "Maximum pages per request: 100" (PDF support); images over
 * 8000 × 8000 px are rejected, at most 100 images per request for 200k-context models, 600 for
 * others (Vision; the stricter count is kept).
 */
export const platformDocumentLimits: DocumentLimitsSpec = {
  maxRequestBytes: 32_000_000,
  maxPdfPages: 100,
  maxImageDimension: 8000,
  maxImagesPerRequest: 100,
  sources: [platformDocs('build-with-claude/pdf-support'), platformDocs('build-with-claude/vision')],
};
