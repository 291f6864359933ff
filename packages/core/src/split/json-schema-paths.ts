/** A JSON Schema node as `toOutputJsonSchema` writes it. */
export type JsonSchema = Readonly<Record<string, unknown>>;

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The properties of an object schema that has some, else null (a nullable object is a union: null). */
export function propertiesOf(node: unknown): Readonly<Record<string, JsonSchema>> | null {
  if (!isSchema(node) || !isSchema(node.properties)) return null;
  const properties = node.properties as Record<string, unknown>;
  const entries = Object.entries(properties).filter(([, child]) => isSchema(child));
  return entries.length === 0 ? null : (Object.fromEntries(entries) as Record<string, JsonSchema>);
}

/** The one branch of a `null`-or-something union (`anyOf: [X, { type: 'null' }]`), else the node. */
export function nonNull(node: JsonSchema): JsonSchema {
  const anyOf = node.anyOf;
  if (!Array.isArray(anyOf)) return node;
  const others = anyOf.filter((branch) => !(isSchema(branch) && branch.type === 'null'));
  const [only] = others;
  return others.length === 1 && isSchema(only) ? only : node;
}

/**
 * The schema at a dot path of object properties (`vendor.name`), descending only through objects
 * with properties; null where the path is not there.
 */
export function schemaAtFieldPath(root: JsonSchema, path: string): JsonSchema | null {
  let node: JsonSchema | undefined = root;
  for (const name of path.split('.')) {
    const properties = propertiesOf(node);
    node = properties && Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (node === undefined) return null;
  }
  return node;
}

/**
 * The schema at a merge path (`lineItems[].amount`): properties of objects, `[]` for an array's
 * items, through nullable wrappers; null where the path is not there.
 */
export function schemaAtLeafPath(root: JsonSchema, path: string): JsonSchema | null {
  let node: JsonSchema | undefined = root;
  for (const segment of path.split('.')) {
    const name = segment.endsWith('[]') ? segment.slice(0, -2) : segment;
    const properties = propertiesOf(nonNull(node));
    node = properties && Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (node === undefined) return null;
    if (segment.endsWith('[]')) {
      node = arrayItems(node) ?? undefined;
      if (node === undefined) return null;
    }
  }
  return node;
}

/** The item schema of an array schema (nullable or not), else null. */
export function arrayItems(node: JsonSchema): JsonSchema | null {
  const array = nonNull(node);
  return array.type === 'array' && isSchema(array.items) ? array.items : null;
}

/** Whether any array in the schema holds objects with properties (a table to transcribe). */
export function hasArrayOfObjects(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasArrayOfObjects);
  if (!isSchema(node)) return false;
  const items = arrayItems(node);
  if (items && propertiesOf(nonNull(items))) return true;
  return Object.values(node).some(hasArrayOfObjects);
}
