import { type JsonSchema, propertiesOf } from './json-schema-paths';

/**
 * An output JSON Schema holding only `paths` (dot paths of object properties, each in the schema):
 * what `toOutputJsonSchema(pickOutputPaths(output, paths))` gives, computed from the JSON Schema
 * alone. Objects keep their picked properties, in schema order, and `required` only of those (none
 * where none is left).
 */
export function pickJsonSchemaPaths(schema: JsonSchema, paths: readonly string[]): JsonSchema {
  return picked(
    schema,
    paths.map((path) => path.split('.')),
  );
}

function picked(node: JsonSchema, paths: readonly (readonly string[])[]): JsonSchema {
  if (paths.some((names) => names.length === 0)) return node;
  const properties = propertiesOf(node) ?? {};
  const kept = Object.entries(properties).flatMap(([name, child]) => {
    const under = paths.filter(([first]) => first === name).map((names) => names.slice(1));
    return under.length === 0 ? [] : [[name, picked(child, under)] as const];
  });
  const names = new Set(kept.map(([name]) => name));
  const out: Record<string, unknown> = { ...node, properties: Object.fromEntries(kept) };
  // zod writes no `required` where no property is required.
  const required = Array.isArray(node.required) ? node.required.filter((name) => names.has(name)) : [];
  if (required.length > 0) out.required = required;
  else delete out.required;
  return out;
}
