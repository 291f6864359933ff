import type { z } from 'zod';

/** Test fixture: the paths of the issues `schema` raises on `value`, e.g. `lineItems.0.quantity`. */
export const issuePaths = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};
