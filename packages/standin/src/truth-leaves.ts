import type { JsonPath } from './json-path';
import { allowedTypes, branches, type JsonSchema, schemaAt } from './schema-at';

/** A leaf value of a document's truth (not an object or array; null included) and where it is. */
export interface TruthLeaf {
  readonly path: JsonPath;
  readonly value: unknown;
}

/** The leaves of a truth, and the leaf fields its schema names that the truth leaves out. */
export interface TruthLeaves {
  /** Every leaf of the truth, array items' leaves included, in document order. */
  readonly leaves: readonly TruthLeaf[];
  /**
   * Fields of the truth's objects (array items included) that the schema describes as a string,
   * number, integer, boolean or null and the truth does not have.
   */
  readonly absent: readonly JsonPath[];
}

/** True for a value an extraction counts as given: not null, not a blank string. */
export const isPresent = (value: unknown): boolean =>
  value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');

const leafTypes = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** The leaves of `truth` and, with a schema, the leaf fields it leaves out. */
export function truthLeaves(truth: unknown, schema: JsonSchema | null): TruthLeaves {
  const leaves: TruthLeaf[] = [];
  const absent: JsonPath[] = [];
  const walk = (value: unknown, path: JsonPath): void => {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, [...path, index]);
      return;
    }
    if (typeof value !== 'object' || value === null) {
      leaves.push({ path, value });
      return;
    }
    for (const [key, child] of Object.entries(value)) walk(child, [...path, key]);
    if (schema) absent.push(...absentFields(schema, path, value as Record<string, unknown>));
  };
  walk(truth, []);
  return { leaves, absent };
}

function absentFields(schema: JsonSchema, path: JsonPath, object: Record<string, unknown>): JsonPath[] {
  const node = schemaAt(schema, path);
  if (!node) return [];
  const keys = new Set<string>();
  for (const branch of branches(schema, node)) {
    const properties = branch.properties;
    if (typeof properties === 'object' && properties !== null)
      for (const key of Object.keys(properties)) keys.add(key);
  }
  const found: JsonPath[] = [];
  for (const key of keys) {
    if (Object.hasOwn(object, key)) continue;
    const types = allowedTypes(schema, schemaAt(schema, [...path, key]));
    if (types && [...types].every((type) => leafTypes.has(type))) found.push([...path, key]);
  }
  return found;
}
