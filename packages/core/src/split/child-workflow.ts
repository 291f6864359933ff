import { z } from 'zod';
import type { GroundingSetting } from '../grounding/grounding-config';
import type { AnyWorkflow } from '../workflow/define-workflow';
import { isAtOrUnder } from './output-leaf-paths';
import { pickOutputPaths } from './pick-output-paths';
import { pageWindowDefaults } from './plan-page-windows';
import { SplitInputError } from './split-input-error';

const page = z.number().int().min(1).max(pageWindowDefaults.maxPages);

/** Where one child of a split job stands: its page window (null: the whole document) and field group (null: every field). */
export const ChildPart = z.object({
  index: z.number().int().min(0).max(10_000_000),
  window: z
    .object({ firstPage: page, lastPage: page, pages: page })
    .refine((w) => w.firstPage <= w.lastPage && w.lastPage <= w.pages, {
      error: 'expected firstPage ≤ lastPage ≤ pages',
    })
    .nullable(),
  paths: z.array(z.string().min(1)).min(1).nullable(),
  /** Field groups of the split job. */
  groups: z.number().int().min(1).max(10_000),
});
export type ChildPart = z.infer<typeof ChildPart>;

/**
 * The workflow one child of a split job runs: the same name and version (lessons and history are
 * shared), with only the part's fields (`pickOutputPaths`) when `paths` is set, no rules (they run
 * on the merged output), no examples when a window or paths are set (they show a whole document),
 * grounding kept with its per-field entries only for the picked paths, `reviewBelow` only when its
 * field is picked, the instructions followed by a note of which pages and fields this child reads,
 * and `split: 'off'`. Everything else is unchanged.
 *
 * @throws {SplitInputError} for a bad part, or a path the output schema does not hold.
 */
export function childWorkflow(workflow: AnyWorkflow, part: ChildPart): AnyWorkflow {
  const parsed = ChildPart.safeParse(part);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `part.${issue.path.join('.')}: ${issue.message}`);
    throw new SplitInputError({ problems, cause: parsed.error });
  }
  const { window, paths } = parsed.data;
  const { examples, reviewBelow, grounding, ...rest } = workflow;
  const picked = (field: string) => paths === null || paths.some((path) => isAtOrUnder(field, path));
  const keepExamples = examples !== undefined && window === null && paths === null;
  return {
    ...rest,
    output: paths === null ? workflow.output : pickOutputPaths(workflow.output, paths),
    rules: [],
    instructions: [workflow.instructions, ...notes(parsed.data)].join('\n\n'),
    split: 'off',
    ...(keepExamples ? { examples } : {}),
    ...(reviewBelow !== undefined && picked(reviewBelow.field) ? { reviewBelow } : {}),
    ...(grounding === undefined ? {} : { grounding: groundingFor(grounding, paths) }),
  };
}

function notes({ window, paths }: ChildPart): string[] {
  const lines: string[] = [];
  if (window !== null) {
    const range =
      window.firstPage === window.lastPage
        ? `page ${window.firstPage}`
        : `pages ${window.firstPage}–${window.lastPage}`;
    lines.push(
      `You are reading ${range} of ${window.pages} of the document. Extract only what these pages show; give null for a field these pages do not show.`,
    );
  }
  if (paths !== null) lines.push(`This request asks for only some of the fields: ${paths.join(', ')}.`);
  return lines;
}

/** The setting with per-field entries only for fields at, under or above a picked path. */
function groundingFor(grounding: GroundingSetting, paths: readonly string[] | null): GroundingSetting {
  if (typeof grounding === 'string' || paths === null || grounding.fields === undefined) return grounding;
  const fields = Object.entries(grounding.fields).filter(([pattern]) => {
    const field = pattern.replaceAll('[]', '');
    return paths.some((path) => isAtOrUnder(field, path) || isAtOrUnder(path, field));
  });
  return { ...grounding, fields: Object.fromEntries(fields) };
}
