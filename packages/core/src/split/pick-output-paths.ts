import { z } from 'zod';
import { SplitInputError } from './split-input-error';

/** Wrappers kept around a picked object: the picked object takes the place of their inner type. */
const WRAPPERS: ReadonlySet<string> = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'catch',
]);

/** Picked paths as a tree: `true` takes the property whole. */
type PathTree = Map<string, PathTree | true>;

/**
 * A zod output schema holding only `paths` (dot paths of object properties: `total`,
 * `vendor.name`, `lineItems`): nested objects keep only their picked properties, in schema order;
 * optional, nullable and default wrappers are kept around them, an array or any other property is
 * taken whole, and descriptions stay. An object's own refinements are dropped (they may read fields
 * not picked); the merged output is checked against the whole schema.
 *
 * @throws {SplitInputError} naming each path the schema does not hold, or when there are no paths.
 */
export function pickOutputPaths(outputZodSchema: z.ZodType, paths: readonly string[]): z.ZodType {
  if (!Array.isArray(paths) || paths.length === 0) {
    throw new SplitInputError({ problems: ['paths: at least one output path'] });
  }
  const problems = paths.flatMap((path, i) =>
    typeof path === 'string' && path !== '' && holds(outputZodSchema, path.split('.'))
      ? []
      : [
          `paths[${i}]: ${typeof path === 'string' ? `"${path}"` : typeof path} is not a property path of the output schema`,
        ],
  );
  if (problems.length > 0) throw new SplitInputError({ problems });
  return picked(outputZodSchema, treeOf(paths));
}

function treeOf(paths: readonly string[]): PathTree {
  const root: PathTree = new Map();
  for (const path of paths) {
    const names = path.split('.');
    let node = root;
    names.forEach((name, i) => {
      const child = node.get(name);
      if (child === true) return;
      if (i === names.length - 1) {
        node.set(name, true);
        return;
      }
      const next: PathTree = child ?? new Map();
      node.set(name, next);
      node = next;
    });
  }
  return root;
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType; shape?: Record<string, z.ZodType> };
  if (def.type === 'object') return def.shape ?? null;
  return WRAPPERS.has(def.type) && def.innerType ? shapeOf(def.innerType) : null;
}

function holds(schema: z.ZodType, names: readonly string[]): boolean {
  const [name, ...rest] = names;
  if (name === undefined) return true;
  const shape = shapeOf(schema);
  const child = shape && Object.hasOwn(shape, name) ? shape[name] : undefined;
  return child !== undefined && holds(child, rest);
}

function picked(schema: z.ZodType, tree: PathTree): z.ZodType {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType; shape?: Record<string, z.ZodType> };
  if (def.type !== 'object') {
    if (!def.innerType) throw new Error(`pickOutputPaths: no object under a ${def.type}`);
    return rebuilt(schema, { innerType: picked(def.innerType, tree) });
  }
  const shape = def.shape ?? {};
  const kept = Object.entries(shape).flatMap(([name, child]) => {
    const sub = tree.get(name);
    if (sub === undefined) return [];
    return [[name, sub === true ? child : picked(child, sub)] as const];
  });
  return rebuilt(schema, { shape: Object.fromEntries(kept), checks: [] });
}

/** A copy of `schema` with some of its definition replaced, keeping its metadata (description). */
function rebuilt(schema: z.ZodType, replaced: Record<string, unknown>): z.ZodType {
  const def = Object.defineProperties({}, Object.getOwnPropertyDescriptors(schema._zod.def));
  for (const [key, value] of Object.entries(replaced)) {
    Object.defineProperty(def, key, { value, enumerable: true, writable: true, configurable: true });
  }
  const copy = schema.clone(def as typeof schema._zod.def);
  const meta = z.globalRegistry.get(schema);
  if (meta) z.globalRegistry.add(copy, meta);
  return copy;
}
