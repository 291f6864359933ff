/** One field of a fieldbench category schema (`fieldbench/<category>/schemas/<name>.yaml`). */
interface FieldbenchField {
  readonly type?: string;
  readonly required?: boolean;
  readonly description?: string;
  readonly options?: readonly string[];
  readonly items?: Record<string, unknown>;
}

/** A fieldbench category schema: a name, a description and field definitions. */
export interface FieldbenchSchema {
  readonly name?: string;
  readonly description?: string;
  readonly fields?: Readonly<Record<string, FieldbenchField>>;
}

/**
 * A data workflow (the object of a `*.workflow.json`) for a fieldbench category schema, made at run
 * time: every field is required in the output, nullable unless the schema requires it (strings,
 * numbers, dates as `YYYY-MM-DD`, enums of its options, arrays of strings or of its item objects).
 */
export function fieldbenchWorkflow(options: {
  category: string;
  schema: FieldbenchSchema;
}): Record<string, unknown> {
  const fields = Object.entries(options.schema.fields ?? {});
  const properties = Object.fromEntries(fields.map(([name, field]) => [name, fieldSchema(field)]));
  const lines = fields.map(
    ([name, field]) => `- ${name}: ${(field.description ?? '').trim().split('\n')[0]}`,
  );
  return {
    name: `fieldbench-${options.category.replaceAll('_', '-')}`,
    version: 1,
    description: (options.schema.description ?? options.category).trim().split('\n')[0],
    instructions: `Extract these fields from the document; null when the document does not give one.\n${lines.join('\n')}`,
    output: { type: 'object', properties, required: fields.map(([name]) => name) },
  };
}

function fieldSchema(field: FieldbenchField): Record<string, unknown> {
  const base = baseSchema(field);
  if (field.required) return base;
  return { anyOf: [base, { type: 'null' }] };
}

function baseSchema(field: FieldbenchField): Record<string, unknown> {
  switch (field.type) {
    case 'number':
      return { type: 'number' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'enum':
      return { type: 'string', enum: [...(field.options ?? [])] };
    case 'array':
      return { type: 'array', items: field.items ? itemSchema(field.items) : { type: 'string' } };
    default:
      return { type: 'string' };
  }
}

/** An array's item object: its properties nullable, all required. */
function itemSchema(items: Record<string, unknown>): Record<string, unknown> {
  const properties = (items.properties ?? {}) as Record<string, FieldbenchField>;
  const names = Object.keys(properties);
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, fieldSchema(properties[name] ?? {})])),
    required: names,
  };
}

/** The expected output of a document as the workflow answers it: every field, null (or none) when absent. */
export function expectedOutput(
  schema: FieldbenchSchema,
  expected: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.fields ?? {}).map(([name, field]) => [
      name,
      expected[name] ?? (field.required ? undefined : null),
    ]),
  );
}
