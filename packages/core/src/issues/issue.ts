import { z } from 'zod';

/**
 * Where an issue was found: the reply could not be parsed, broke the schema, broke a rule, was cut
 * off, or a value could not be found in (or disagrees with) the document (`grounding`).
 */
export const IssueSource = z.enum(['parse', 'schema', 'rule', 'truncation', 'grounding']);
export type IssueSource = z.infer<typeof IssueSource>;

/**
 * One thing wrong with a model reply. `path` is a dotted path with array indices
 * (`lineItems[0].amount`, `''` for the whole value); `received` is a short excerpt of what was there.
 */
export const Issue = z.object({
  source: IssueSource,
  path: z.string(),
  code: z.string(),
  message: z.string(),
  ruleId: z.string().optional(),
  received: z.string().optional(),
});
export type Issue = z.infer<typeof Issue>;
