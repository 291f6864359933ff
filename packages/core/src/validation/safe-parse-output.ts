import { z } from 'zod';

/** Schemas found to hold an async check or transform: parsed asynchronously from then on. */
const asyncSchemas = new WeakSet<z.ZodType>();

/**
 * `schema.safeParse(value)`, or `safeParseAsync` for a schema with async checks or transforms (found
 * on its first parse and remembered). Most output schemas are synchronous, and a synchronous parse
 * spares each reply the promises of an async one.
 */
export async function safeParseOutput<T extends z.ZodType>(
  schema: T,
  value: unknown,
): Promise<z.ZodSafeParseResult<z.output<T>>> {
  if (!asyncSchemas.has(schema)) {
    try {
      return schema.safeParse(value);
    } catch (error) {
      if (!(error instanceof z.core.$ZodAsyncError)) throw error;
      asyncSchemas.add(schema);
    }
  }
  return schema.safeParseAsync(value);
}
