import { z } from 'zod';

/** Longest evaluation run id. */
export const MAX_EVALUATION_RUN_ID = 64;
/** Longest labelled item id an evaluation job carries. */
export const MAX_EVALUATION_ITEM_ID = 128;

const RUN_ID = /^[A-Za-z0-9_-]*$/;
/**
 * Printable: no control characters (C0, DEL, C1), no line or paragraph separators and no
 * bidirectional marks that reorder what is shown. Written as ranges so the JSON Schema's `pattern`
 * means the same in any ECMA-262 engine, with or without the `u` flag.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is that control characters are refused.
const PRINTABLE = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]*$/;

const runIdRule = `must be a run id: 1-${MAX_EVALUATION_RUN_ID} letters, digits, - or _`;
const itemIdRule = `must be an item id: 1-${MAX_EVALUATION_ITEM_ID} printable characters`;

/**
 * Marks a job as one item of an evaluation run (`quarry eval run`). Such a job runs through the same
 * queue, workers, lanes and budgets as any, but keeps apart from production: its error history is
 * its run's own ({@link evaluationHistoryScope}, whatever the job's `historyScope`), it is never put
 * in the review index and never counted in the workflow statistics. It dead-letters like any job.
 */
export const JobEvaluation = z
  .strictObject({
    runId: z
      .string({ error: runIdRule })
      .min(1, { error: runIdRule })
      .max(MAX_EVALUATION_RUN_ID, { error: runIdRule })
      .regex(RUN_ID, { error: runIdRule })
      .describe('The evaluation run the job belongs to; its error history is kept under eval:<runId>.'),
    itemId: z
      .string({ error: itemIdRule })
      .min(1, { error: itemIdRule })
      .max(MAX_EVALUATION_ITEM_ID, { error: itemIdRule })
      .regex(PRINTABLE, { error: `${itemIdRule} (no control characters)` })
      .describe('The labelled item the job extracts.'),
    lessons: z
      .enum(['on', 'off'], { error: 'must be "on" or "off"' })
      .default('on')
      .describe(
        "on: the job is shown the top lessons of its run's history; off: none (its mistakes are recorded either way).",
      ),
  })
  .describe(
    "Makes the job an item of an evaluation run: its error history is the run's own (eval:<runId>), it is never put in the review index nor counted in the workflow statistics; it dead-letters like any job.",
  );
export type JobEvaluation = z.infer<typeof JobEvaluation>;
/** What a producer gives: `lessons` may be left out (default `on`). */
export type JobEvaluationInput = z.input<typeof JobEvaluation>;

/** The history scope an evaluation run's jobs read and record their lessons under. */
export function evaluationHistoryScope(runId: string): string {
  return `eval:${runId}`;
}
