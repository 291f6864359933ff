/**
 * Paths into JSON values, written the way issues name them: `lineItems[1].amount`, with `[]`
 * standing for every index (`lineItems[].amount`) and keys that are not identifiers quoted
 * (`meta["a.b"]`). A segment is a key (string), an index (number) or every index (`null`, only
 * in patterns).
 */
type PathSegment = string | number | null;
export type JsonPath = readonly PathSegment[];

const segmentPattern = /^(?:\.?([^.[\]"]+)|\[(\d*)\]|\[("(?:[^"\\]|\\.)*")\])/;
const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Reads `a.b[2].c` or `a[].c`; throws a RangeError naming the path when it is not one. */
export function parsePath(text: string): JsonPath {
  const segments: PathSegment[] = [];
  let rest = text;
  while (rest.length > 0) {
    const match = segmentPattern.exec(rest);
    if (!match || (segments.length === 0 && rest.startsWith('.')))
      throw new RangeError(`"${text}" is not a path like "lineItems[1].amount" or "lineItems[].amount"`);
    if (match[1] !== undefined) segments.push(match[1]);
    else if (match[3] !== undefined) segments.push(JSON.parse(match[3]) as string);
    else segments.push(match[2] === '' || match[2] === undefined ? null : Number(match[2]));
    rest = rest.slice(match[0].length);
  }
  if (segments.length === 0) throw new RangeError('A path needs at least one field name or index');
  return segments;
}

export function formatPath(path: JsonPath): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'string') {
      if (!identifier.test(segment)) text += `[${JSON.stringify(segment)}]`;
      else text += text.length === 0 ? segment : `.${segment}`;
    } else text += segment === null ? '[]' : `[${segment}]`;
  }
  return text;
}

/** The path with every index replaced by `[]`. */
export const normalizePath = (path: JsonPath): JsonPath =>
  path.map((segment) => (typeof segment === 'number' ? null : segment));

/** Every proper ancestor of the path, nearest first (`a[1].b` → `a[1]`, `a`). */
export const ancestorPaths = (path: JsonPath): JsonPath[] =>
  path.slice(0, -1).map((_, index) => path.slice(0, path.length - 1 - index));

/** True when one path equals the other or contains it. */
export const pathsOverlap = (a: JsonPath, b: JsonPath): boolean => {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return false;
  return true;
};

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  typeof value === 'object' && value !== null;

/** The value at a concrete path, or `undefined` when something along the way is missing. */
export function valueAt(root: unknown, path: JsonPath): unknown {
  let current: unknown = root;
  for (const segment of path) {
    if (!isContainer(current) || segment === null) return undefined;
    if (Array.isArray(current)) {
      if (typeof segment !== 'number') return undefined;
      current = current[segment];
    } else {
      if (typeof segment !== 'string' || !Object.hasOwn(current, segment)) return undefined;
      current = current[segment];
    }
  }
  return current;
}

/** The concrete paths a pattern (with `[]`) matches in `root`, only those that exist. */
export function expandPath(root: unknown, pattern: JsonPath): JsonPath[] {
  let paths: PathSegment[][] = [[]];
  for (const segment of pattern) {
    const next: PathSegment[][] = [];
    for (const path of paths) {
      const parent = valueAt(root, path);
      if (segment === null) {
        if (Array.isArray(parent))
          for (let index = 0; index < parent.length; index++) next.push([...path, index]);
      } else if (valueAt(root, [...path, segment]) !== undefined) next.push([...path, segment]);
    }
    paths = next;
  }
  return paths;
}

/** Sets (or with `undefined`, deletes) the value at a concrete path of a mutable value. */
export function setAt(root: unknown, path: JsonPath, value: unknown): boolean {
  const last = path.at(-1);
  const parent = valueAt(root, path.slice(0, -1));
  if (last === undefined || last === null || !isContainer(parent)) return false;
  if (Array.isArray(parent)) {
    if (typeof last !== 'number' || last >= parent.length) return false;
    if (value === undefined) parent.splice(last, 1);
    else parent[last] = value;
    return true;
  }
  if (typeof last !== 'string') return false;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return true;
}
