import type { GroundedField } from './grounded-field';
import type { JsonSchema } from './schema-node';

/** What the model is told an evidence object is. */
export const EVIDENCE_DESCRIPTION =
  'Evidence for the fields of this object: for each, the shortest passage of the document that shows ' +
  'its value, copied verbatim (same spelling, spacing and number format; no paraphrase). ' +
  'null only when the value is null or absent.';

/**
 * The evidence object added to an object with grounded fields: one required quote per field, a
 * string, or string-or-null where the value itself may be null or absent.
 */
export function evidenceSchema(grounded: ReadonlyMap<string, GroundedField>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [key, field] of grounded) {
    properties[key] = field.nullable ? { anyOf: [{ type: 'string' }, { type: 'null' }] } : { type: 'string' };
  }
  return {
    type: 'object',
    description: EVIDENCE_DESCRIPTION,
    properties,
    required: [...grounded.keys()],
    additionalProperties: false,
  };
}
