type JsonSchema = Readonly<Record<string, unknown>>;

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema a local `$ref` (`#/$defs/x`) points at, or the schema itself. */
function resolved(root: JsonSchema, node: JsonSchema, depth: number): JsonSchema {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/') || depth > 32) return node;
  let target: unknown = root;
  for (const part of ref.slice(2).split('/')) target = isSchema(target) ? target[part] : undefined;
  return isSchema(target) ? resolved(root, target, depth + 1) : node;
}

/**
 * What a model held to a JSON Schema (a forced tool, structured outputs) answers when it sees
 * nothing to extract: the schema's shape with nothing in it. Each required property gets the blank
 * of its type: `null` where null is allowed, the first `enum` value or the `const`, `''`, `0`,
 * `false`, `[]`, or an object of blanks; optional properties are left out.
 */
export function blankAnswer(root: JsonSchema, node: JsonSchema = root, depth = 0): unknown {
  const schema = resolved(root, node, depth);
  if (depth > 32) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const branches = [schema.anyOf, schema.oneOf].find(Array.isArray) as unknown[] | undefined;
  if (branches) {
    if (branches.some((branch) => isSchema(branch) && branch.type === 'null')) return null;
    const first = branches.find(isSchema);
    return first ? blankAnswer(root, first, depth + 1) : null;
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('null')) return null;
  if (types.includes('object') || isSchema(schema.properties)) {
    const properties = isSchema(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    return Object.fromEntries(
      required.map((key) => {
        const property = properties[key];
        return [key, isSchema(property) ? blankAnswer(root, property, depth + 1) : null];
      }),
    );
  }
  if (types.includes('array')) return [];
  if (types.includes('string')) return '';
  if (types.includes('number') || types.includes('integer')) return 0;
  if (types.includes('boolean')) return false;
  return null;
}
