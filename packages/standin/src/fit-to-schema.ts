/**
 * What a model asked for some fields gives: `value` with only the object properties `schema` names
 * (recursively, through array items and the object branch of an `anyOf`). A schema that names no
 * properties (or refers elsewhere with `$ref`) keeps the value as it is.
 */
export function fitToSchema(value: unknown, schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object') return value;
  const node = schema as Record<string, unknown>;
  if (Array.isArray(node.anyOf)) {
    const branch = node.anyOf.find(
      (option) =>
        option !== null && typeof option === 'object' && ('properties' in option || 'items' in option),
    );
    return branch === undefined ? value : fitToSchema(value, branch);
  }
  if (Array.isArray(value)) return value.map((item) => fitToSchema(item, node.items));
  const properties = node.properties;
  if (value === null || typeof value !== 'object' || properties === null || typeof properties !== 'object') {
    return value;
  }
  const kept: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties as Record<string, unknown>)) {
    if (key in value) kept[key] = fitToSchema((value as Record<string, unknown>)[key], property);
  }
  return kept;
}
