import { z } from 'zod';
import { checkJsonSchema, type SchemaProblem } from './check-json-schema';

type Json = Record<string, unknown>;

/** A converted schema, or every problem found in it. */
export type ConvertedSchema =
  | { readonly ok: true; readonly schema: z.ZodType }
  | { readonly ok: false; readonly problems: readonly SchemaProblem[] };

/**
 * Turns a workflow file's JSON Schema into a zod schema with zod's own `z.fromJSONSchema`, after
 * {@link checkJsonSchema}. An object that says nothing of `additionalProperties` takes no other keys
 * (as structured outputs require and as a code workflow's `z.object` does), so a reply with an
 * unknown key is fed back the same way.
 * @param options.at - the schema's path in its file (`output`, `input`), for problems
 */
export function jsonSchemaToZod(options: { schema: Json; at: string }): ConvertedSchema {
  const problems = checkJsonSchema(options);
  if (problems.length > 0) return { ok: false, problems };
  try {
    const schema = z.fromJSONSchema(closeObjects(options.schema) as z.core.JSONSchema.JSONSchema);
    return { ok: true, schema };
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    return {
      ok: false,
      problems: [{ path: options.at, message: `not a JSON Schema zod can read: ${error.message}` }],
    };
  }
}

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SUBSCHEMAS = new Set([
  'items',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
]);

function closeObjects(schema: unknown): unknown {
  if (!isPlain(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (SCHEMA_MAPS.has(key) && isPlain(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value as Json).map(([name, sub]) => [name, closeObjects(sub)]),
      );
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map(closeObjects);
    } else {
      out[key] = SUBSCHEMAS.has(key) ? closeObjects(value) : value;
    }
  }
  const isObjectSchema = out.type === 'object' || (out.type === undefined && isPlain(out.properties));
  if (isObjectSchema && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

function isPlain(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
