import { WeakField } from '@quarry/core';
import { z } from 'zod';

/**
 * A completed job whose result was flagged `needsReview` (a `review` rule failed, or the confidence
 * was below the workflow's `reviewBelow`): kept in the review index until a person acknowledges it,
 * with the data to review, so it survives the job's own retention.
 */
export const ReviewEntry = z.object({
  jobId: z.string().min(1),
  workflow: z.string().min(1),
  version: z.number().int().positive(),
  /** Why the result needs a person, one line each. */
  reasons: z.array(z.string()).min(1),
  /**
   * The grounded values to look at first (path, confidence, threshold and what lowered it); absent for
   * workflows without grounding and for entries written before it.
   */
  weakFields: z.array(WeakField).optional(),
  /** When the worker flagged it. */
  flaggedAt: z.iso.datetime(),
  /** Model replies it took. */
  attempts: z.number().int().positive(),
  costUsd: z.number().nonnegative().nullable(),
  historyScope: z.string().optional(),
  /** The job's metadata, as enqueued (e.g. a reference in the caller's system). */
  metadata: z.record(z.string(), z.unknown()).optional(),
  /** The extracted data, valid against the workflow's output schema. */
  data: z.unknown(),
  /**
   * How far each grounded value can be trusted (0–1 by concrete path), as in the job result; present
   * when the workflow is grounded. The weak fields are those below their `reviewBelow` or at 0.
   */
  fieldConfidence: z.record(z.string(), z.number().min(0).max(1)).optional(),
});
export type ReviewEntry = z.infer<typeof ReviewEntry>;
