import { type JsonSchema, propertiesOf } from './json-schema-paths';

/**
 * The units a wide output schema is split into, in schema order: the dot paths of object
 * properties whose schema is not an object with properties. An object property is recursed into;
 * anything else is one unit, taken whole: an array (`lineItems`), a nullable object, a leaf.
 * A schema that is not an object with properties has none.
 */
export function outputLeafPaths(outputJsonSchema: JsonSchema): string[] {
  return unitsUnder(outputJsonSchema, '');
}

/** The units at and under `path`, whose schema is `node`. */
function unitsUnder(node: JsonSchema, path: string): string[] {
  const properties = propertiesOf(node);
  if (properties === null) return path === '' ? [] : [path];
  return Object.entries(properties).flatMap(([name, child]) =>
    unitsUnder(child, path === '' ? name : `${path}.${name}`),
  );
}

/** Whether `path` is `ancestor` or lies under it (`vendor.name` under `vendor`). */
export function isAtOrUnder(path: string, ancestor: string): boolean {
  return path === ancestor || path.startsWith(`${ancestor}.`);
}
