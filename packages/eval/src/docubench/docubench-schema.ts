import { ScoreInputError } from '../score-input-error';
import {
  type DocubenchObject,
  type DocubenchValue,
  isEmpty,
  isObject,
  isTruthy,
  looseEqual,
} from './docubench-value';

/** One array field of a schema as the benchmark scores it: its name and the keys leading to it. */
export interface DocubenchArrayField {
  /** The top-level property it is under (two arrays under one property share it; the last one wins). */
  readonly name: string | null;
  readonly path: readonly string[];
}

const unscorable = (detail: string): never => {
  throw new ScoreInputError({ problem: 'unscorable-schema', side: 'schema', path: '', detail });
};

/** The values of a `type` keyword, as a list. */
const typesOf = (node: DocubenchObject): DocubenchValue[] => {
  const type = node.get('type') ?? null;
  return Array.isArray(type) ? type : [type];
};

const hasType = (node: DocubenchObject, name: string) => typesOf(node).some((type) => looseEqual(type, name));

/** A schema node whose `type` is `array` or a list naming `array`. */
const isArraySchema = (node: DocubenchObject) =>
  node.has('type') &&
  (Array.isArray(node.get('type')) ? hasType(node, 'array') : node.get('type') === 'array');

/**
 * Every array schema met walking the whole schema (every keyword, not only `properties`), with the keys
 * that lead to it; the walk does not go inside an array schema. Items of a list keep their list's keys.
 */
function findArrays(
  node: DocubenchValue,
  trail: readonly string[],
): { trail: readonly string[]; node: DocubenchObject }[] {
  if (Array.isArray(node)) return node.flatMap((item) => findArrays(item, trail));
  if (!isObject(node)) return [];
  if (isArraySchema(node)) return [{ trail, node }];
  return [...node].flatMap(([key, child]) => findArrays(child, [...trail, key]));
}

/**
 * The array's own schema, rebuilt as the benchmark rebuilds it (every key on the way an object, each
 * `properties` key a bare map), then walked down to the array: one property at each level. A schema
 * whose array sits anywhere but under `properties` of objects cannot be walked and is refused.
 */
function arrayField(
  schema: DocubenchObject,
  found: { trail: readonly string[]; node: DocubenchObject },
): DocubenchArrayField {
  const root: DocubenchObject = new Map();
  for (const keyword of ['$schema', 'description'])
    if (schema.has(keyword)) root.set(keyword, schema.get(keyword) ?? null);
  root.set('type', 'object');
  let at = root;
  found.trail.forEach((key, index) => {
    const next: DocubenchObject =
      index === found.trail.length - 1
        ? found.node
        : key === 'properties'
          ? new Map()
          : new Map([['type', 'object']]);
    at.set(key, next);
    at = next;
  });
  return { name: arrayName(root), path: walkToArray(root) };
}

function walkToArray(root: DocubenchObject): string[] {
  const path: string[] = [];
  let node: DocubenchValue = root;
  for (;;) {
    if (!isObject(node) || !node.has('type'))
      return unscorable('an array under a schema node without a type');
    if (hasType(node, 'object')) {
      const properties: DocubenchValue | undefined = node.get('properties');
      if (!isObject(properties) || properties.size !== 1)
        return unscorable('an array that is not under the properties of objects');
      const [key, child]: [string, DocubenchValue] = [...properties][0]!;
      path.push(key);
      node = child;
    } else if (hasType(node, 'array')) {
      if (!node.has('items')) return unscorable('an array schema without items');
      return path;
    } else return unscorable('an array under a schema node that is neither an object nor an array');
  }
}

function arrayName(root: DocubenchObject): string | null {
  let node: DocubenchObject = root;
  for (;;) {
    const properties = node.get('properties');
    if (node.has('type') && isObject(properties)) node = properties;
    else if (node.size === 1) return [...node.keys()][0]!;
    else return null;
  }
}

/** The array fields of a schema, in the order the walk meets them. */
export function docubenchArrayFields(schema: DocubenchObject): DocubenchArrayField[] {
  return findArrays(schema, []).map((found) => arrayField(schema, found));
}

/**
 * The schema without its arrays: array schemas dropped, then every member that became `{}`, `[]` or
 * null, and every object schema left without properties; a list left empty becomes `{}`.
 */
export function schemaWithoutArrays(node: DocubenchValue): DocubenchValue {
  if (Array.isArray(node)) {
    const kept = node.map(schemaWithoutArrays).filter((item) => item !== null && !isEmptyContainer(item));
    return kept.length > 0 ? kept : new Map();
  }
  if (!isObject(node)) return node;
  if (isArraySchema(node)) return new Map();
  const kept: DocubenchObject = new Map();
  for (const [key, child] of node) {
    const stripped = schemaWithoutArrays(child);
    if (stripped !== null && !isEmptyContainer(stripped)) kept.set(key, stripped);
  }
  if (kept.has('type') && hasType(kept, 'object') && !isTruthy(kept.get('properties'))) return new Map();
  return kept;
}

const isEmptyContainer = (value: DocubenchValue) => typeof value === 'object' && isEmpty(value);
