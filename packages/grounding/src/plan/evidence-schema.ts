import type { GroundedField } from './grounded-field';
import type { JsonSchema } from './schema-node';

/** What the model is told an evidence object is. */
export const EVIDENCE_DESCRIPTION =
  'Evidence for the fields of this object: for each, the shortest passage of the document that shows ' +
  'its value, copied verbatim (same spelling, spacing and number format; no paraphrase). ' +
  'null only when the value is null or absent.';

/** How many of a field's label terms the model is shown. */
const SHOWN_CUES = 4;

/**
 * What the model is told about the quote of a field with label terms (`cues`): to quote the passage
 * that carries its own label, with the first {@link SHOWN_CUES} terms as examples.
 */
function labelDescription(field: GroundedField): string | undefined {
  const cues = field.cues ?? [];
  if (cues.length === 0) return undefined;
  const examples = cues
    .slice(0, SHOWN_CUES)
    .map((cue) => JSON.stringify(cue))
    .join(', ');
  return `Quote the passage that carries this field's own label (such as ${examples}) with the value it introduces.`;
}

/**
 * The evidence object added to an object with grounded fields: one required quote per field, a
 * string, or string-or-null where the value itself may be null or absent, described with the
 * field's labels where it names some ({@link labelDescription}).
 */
export function evidenceSchema(grounded: ReadonlyMap<string, GroundedField>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [key, field] of grounded) {
    const quote: JsonSchema = field.nullable
      ? { anyOf: [{ type: 'string' }, { type: 'null' }] }
      : { type: 'string' };
    const description = labelDescription(field);
    properties[key] = description ? { description, ...quote } : quote;
  }
  return {
    type: 'object',
    description: EVIDENCE_DESCRIPTION,
    properties,
    required: [...grounded.keys()],
    additionalProperties: false,
  };
}
