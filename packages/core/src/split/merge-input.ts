import { z } from 'zod';
import { pageWindowDefaults } from './plan-page-windows';

/** How a disagreement at one leaf path is settled: the first or last window's value, or the greatest or least. */
export const MergeRule = z.enum(['first', 'last', 'max', 'min']);
export type MergeRule = z.infer<typeof MergeRule>;

const page = z.number().int().min(1).max(pageWindowDefaults.maxPages);

/** One window's output, with where it came from (pages 1-based, inclusive). */
export const WindowOutput = z.object({
  index: z.number().int().min(0).max(pageWindowDefaults.maxPages),
  firstPage: page,
  lastPage: page,
  output: z.record(z.string(), z.unknown()),
});
export type WindowOutput = z.infer<typeof WindowOutput>;

/**
 * Options of `mergeWindowOutputs`. Paths name fields without array indices: `total`,
 * `vendor.name`, `lineItems` (an array), `lineItems[].amount` (a field of its items).
 */
export const MergeWindowOutputsOptions = z
  .object({
    /** The windows, in increasing `index` and page order. */
    windows: z.array(WindowOutput).min(1).max(pageWindowDefaults.maxPages),
    /** For an array path, the item fields that together identify an item. */
    arrayKeys: z.record(z.string(), z.array(z.string().min(1)).min(1)).optional(),
    /** For a leaf path, how a disagreement is settled. */
    rules: z.record(z.string(), MergeRule).optional(),
  })
  .superRefine((options, ctx) => {
    options.windows.forEach((window, i) => {
      if (window.firstPage > window.lastPage) {
        ctx.addIssue({ code: 'custom', path: ['windows', i], message: 'firstPage is after lastPage' });
      }
      const before = options.windows[i - 1];
      if (before && window.index <= before.index) {
        ctx.addIssue({ code: 'custom', path: ['windows', i, 'index'], message: 'indices must increase' });
      }
      if (before && window.firstPage <= before.firstPage) {
        ctx.addIssue({
          code: 'custom',
          path: ['windows', i, 'firstPage'],
          message: 'windows must be in page order',
        });
      }
    });
  });
export type MergeWindowOutputsOptions = z.input<typeof MergeWindowOutputsOptions>;
