import type { JsonPath } from './json-path';

export type JsonSchema = Readonly<Record<string, unknown>>;

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The sub-schema describing the value at `path`, following `properties`, `items`,
 * `prefixItems`, local `$ref`s and the branches of `anyOf`/`oneOf`/`allOf`; `undefined` when the
 * schema does not say.
 */
export function schemaAt(root: JsonSchema | null, path: JsonPath): JsonSchema | undefined {
  if (!root) return undefined;
  let current: JsonSchema | undefined = resolve(root, root);
  for (const segment of path) {
    if (!current) return undefined;
    current = childSchema(root, current, segment);
  }
  return current;
}

function childSchema(
  root: JsonSchema,
  node: JsonSchema,
  segment: string | number | null,
): JsonSchema | undefined {
  for (const branch of branches(root, node)) {
    if (typeof segment === 'string') {
      const properties = branch.properties;
      if (isSchema(properties) && isSchema(properties[segment])) return resolve(root, properties[segment]);
    } else {
      const prefix = branch.prefixItems;
      if (typeof segment === 'number' && Array.isArray(prefix) && isSchema(prefix[segment]))
        return resolve(root, prefix[segment]);
      if (isSchema(branch.items)) return resolve(root, branch.items);
    }
  }
  return undefined;
}

/** The node itself and the branches of its combinators, `$ref`s resolved. */
export function branches(root: JsonSchema, node: JsonSchema): JsonSchema[] {
  const found: JsonSchema[] = [node];
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = node[key];
    if (Array.isArray(list))
      for (const item of list) {
        const resolved = isSchema(item) ? resolve(root, item) : undefined;
        if (resolved) found.push(...branches(root, resolved));
      }
  }
  return found;
}

function resolve(root: JsonSchema, node: JsonSchema, depth = 0): JsonSchema | undefined {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  if (depth > 16 || !ref.startsWith('#')) return undefined;
  let target: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    if (!isSchema(target)) return undefined;
    target = target[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return isSchema(target) ? resolve(root, target, depth + 1) : undefined;
}

/** The JSON types a schema node allows (`type` of the node and its branches), or undefined when it does not say. */
export function allowedTypes(root: JsonSchema, node: JsonSchema | undefined): Set<string> | undefined {
  if (!node) return undefined;
  const types = new Set<string>();
  for (const branch of branches(root, node)) {
    const type = branch.type;
    if (typeof type === 'string') types.add(type);
    else if (Array.isArray(type)) for (const item of type) if (typeof item === 'string') types.add(item);
  }
  return types.size > 0 ? types : undefined;
}

/** The string values an `enum` (or `const`s) of the node allows, or undefined when it is not an enum. */
export function enumValues(root: JsonSchema, node: JsonSchema | undefined): string[] | undefined {
  if (!node) return undefined;
  const values: string[] = [];
  for (const branch of branches(root, node)) {
    if (Array.isArray(branch.enum))
      for (const item of branch.enum) if (typeof item === 'string') values.push(item);
    if (typeof branch.const === 'string') values.push(branch.const);
  }
  return values.length > 0 ? values : undefined;
}

/** Whether the object schema at `node` requires `key`; undefined when the schema does not say. */
export function requiresKey(
  root: JsonSchema,
  node: JsonSchema | undefined,
  key: string,
): boolean | undefined {
  if (!node) return undefined;
  let described = false;
  for (const branch of branches(root, node)) {
    if (Array.isArray(branch.required) && branch.required.includes(key)) return true;
    if (isSchema(branch.properties)) described = true;
  }
  return described ? false : undefined;
}
