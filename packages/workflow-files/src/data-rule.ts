import { z } from 'zod';
import { workflowFileLimits } from './workflow-file-limits';

/** A rule path as feedback names it: dotted with indices, e.g. `lineItems[0].amount`. */
const RulePath = z.string().regex(/^[A-Za-z_$][\w$]*(\[\d+\])*(\.[A-Za-z_$][\w$]*(\[\d+\])*)*$/, {
  error: 'a field path such as subtotal or lineItems[0].amount',
});

/**
 * A business rule written as data: a JSONata expression over the output (the expression's input;
 * the job input is `$input`) that is `true` when the output is acceptable.
 */
export const DataRule = z
  .strictObject({
    id: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/, {
      error: 'lower-case letters, digits and dashes, starting with a letter',
    }),
    /** Fed back to the model (severity `error`) or given as the review reason (`review`). */
    message: z
      .string()
      .trim()
      .min(1, { error: 'a non-empty message' })
      .max(1_000, { error: 'at most 1000 characters' }),
    expression: z
      .string()
      .trim()
      .min(1, { error: 'a JSONata expression' })
      .max(workflowFileLimits.maxExpressionLength, {
        error: `a JSONata expression of at most ${workflowFileLimits.maxExpressionLength} characters`,
      }),
    /** `error` (default): fed back and retried; `review`: the result is accepted and flagged for review. */
    severity: z.enum(['error', 'review'], { error: 'error or review' }).default('error'),
    /** Stop the job at once (the data is not in the document); only with severity `error`. */
    fatal: z.boolean({ error: 'true or false' }).default(false),
    /** The fields the rule concerns; feedback points at each. Default: the whole output. */
    paths: z.array(RulePath).max(20, { error: 'at most 20 paths' }).optional(),
  })
  .refine((rule) => !(rule.fatal && rule.severity === 'review'), {
    path: ['fatal'],
    error: 'a fatal rule stops the job; it cannot also have severity review',
  });
export type DataRule = z.output<typeof DataRule>;
