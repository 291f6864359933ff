import type { z } from 'zod';
import type { ParsedCommandLine } from './cli-command';
import { UsageError } from './usage-error';

/**
 * Checks the parsed option values, and the operands as `args`, with a command's zod schema. A flag
 * whose value is bad is named with the value found: `--limit must be a positive integer, got "x"`
 * (the issue's message follows the flag); any other issue's message is the whole problem.
 * @throws UsageError with the first problem found.
 */
export function readFlags<S extends z.ZodType>(schema: S, parsed: ParsedCommandLine): z.output<S> {
  const result = schema.safeParse({ ...parsed.options, args: parsed.args });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const key = issue?.path[0];
  const flag = typeof key === 'string' ? parsed.flags[key] : undefined;
  const value = typeof key === 'string' ? parsed.options[key] : undefined;
  const message = issue?.message ?? 'invalid arguments';
  throw new UsageError(
    flag !== undefined && typeof value === 'string'
      ? `${flag} ${message}, got ${JSON.stringify(value)}`
      : message,
  );
}
