import { MAX_SPLIT_CHILDREN, MAX_SPLIT_PAGES } from '@quarry/queue';
import { z } from 'zod';

const page = z.number().int().min(1).max(MAX_SPLIT_PAGES);

/**
 * The plan a split job's parent saved (`SplitStore.savePlan`): what it split (`source`: the job's
 * PDF, its text, or neither when only the schema was split), into which page windows and field
 * groups (`paths` null: one group holding the whole schema), and why. Children are numbered window
 * by window: child `w × groups + g` reads window `w` for group `g`.
 */
export const SplitPlanRecord = z.object({
  version: z.literal(1),
  source: z.enum(['pdf', 'text', 'none']),
  pages: page.nullable(),
  reasons: z.array(z.string()).min(1),
  windows: z
    .array(z.object({ index: z.number().int().nonnegative(), firstPage: page, lastPage: page }))
    .min(1)
    .max(MAX_SPLIT_CHILDREN),
  groups: z.array(z.array(z.string()).min(1)).min(1).max(MAX_SPLIT_CHILDREN).nullable(),
});
export type SplitPlanRecord = z.infer<typeof SplitPlanRecord>;

/** Children of a plan: windows × groups. */
export const childCount = (plan: SplitPlanRecord): number => plan.windows.length * (plan.groups?.length ?? 1);

/** The window and field group of child `index`. */
export function childPart(plan: SplitPlanRecord, index: number) {
  const groups = plan.groups?.length ?? 1;
  const window = plan.windows[Math.floor(index / groups)];
  if (!window) throw new RangeError(`child ${index} is not in a plan of ${childCount(plan)} children`);
  const paths = plan.groups?.[index % groups] ?? null;
  return { window, paths, groups };
}
