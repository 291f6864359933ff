import { z } from 'zod';

/** Most children one split job may have (page windows × field groups). */
export const MAX_SPLIT_CHILDREN = 2000;
/** Most pages a split document may have. */
export const MAX_SPLIT_PAGES = 5000;

const SPLIT_ID = /^[A-Za-z0-9_.-]{1,128}$/;
const page = z.number().int().min(1).max(MAX_SPLIT_PAGES);
const OUTPUT_PATH = /^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/;

/** The pages one child reads: `firstPage`–`lastPage` (1-based, inclusive) of a document of `pages`. */
export const PartWindow = z
  .strictObject({ firstPage: page, lastPage: page, pages: page })
  .refine((window) => window.firstPage <= window.lastPage && window.lastPage <= window.pages, {
    error: 'must have firstPage ≤ lastPage ≤ pages',
  });
export type PartWindow = z.infer<typeof PartWindow>;

/**
 * Marks a job as one child of a split job (added by the worker that split the parent; producers do
 * not set it). The child runs the parent's workflow narrowed to its part: `window` of the document
 * (`source` says whether the window is the job's PDF, already cut to those pages, or pages of its
 * text) and the output `paths` of its field group (null: the whole schema). `round` 1 is the re-run
 * of a child after a rule failed on the merged output, with the rule's messages as `feedback`.
 */
export const JobPart = z
  .strictObject({
    splitId: z.string().regex(SPLIT_ID, { error: 'must be a split id: 1-128 letters, digits, . - _' }),
    parentId: z.string().min(1).max(256),
    index: z
      .number()
      .int()
      .min(0)
      .max(MAX_SPLIT_CHILDREN - 1),
    children: z.number().int().min(1).max(MAX_SPLIT_CHILDREN),
    source: z.enum(['pdf', 'text', 'none']),
    window: PartWindow.nullable(),
    paths: z
      .array(z.string().max(256).regex(OUTPUT_PATH, { error: 'must be a dot path of output fields' }))
      .min(1)
      .max(1000)
      .nullable(),
    groups: z.number().int().min(1).max(MAX_SPLIT_CHILDREN),
    round: z.number().int().min(0).max(1).default(0),
    feedback: z.array(z.string().min(1).max(2000)).max(20).optional(),
  })
  .describe('Set by the worker on the children of a split job; producers leave it out.');
export type JobPart = z.infer<typeof JobPart>;
