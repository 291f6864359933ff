import { formatPath } from '@quarry/core';
import { ScoreInputError, type ScoreInputSide } from '../score-input-error';

/** A JSON value as the DocuBench rules see it: objects as maps (key order as the input's own). */
export type DocubenchValue = null | boolean | number | string | DocubenchValue[] | DocubenchObject;
export type DocubenchObject = Map<string, DocubenchValue>;

export const isObject = (value: DocubenchValue | undefined): value is DocubenchObject => value instanceof Map;

/** Empty as the rules mean it: null or missing, `''`, `[]` or `{}`. */
export function isEmpty(value: DocubenchValue | undefined): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && value.size === 0;
}

/**
 * Equality as the benchmark's language has it: `true` equals `1` and `false` equals `0`, numbers by
 * value, strings exactly, arrays item by item, objects by their keys and values whatever the order.
 */
export function looseEqual(a: DocubenchValue | undefined, b: DocubenchValue | undefined): boolean {
  const left = a ?? null;
  const right = b ?? null;
  const numeric = (value: DocubenchValue) => typeof value === 'number' || typeof value === 'boolean';
  if (numeric(left) && numeric(right)) return Number(left) === Number(right);
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item, index) => looseEqual(item, right[index]));
  }
  if (isObject(left) || isObject(right)) {
    if (!isObject(left) || !isObject(right) || left.size !== right.size) return false;
    for (const [key, value] of left) if (!right.has(key) || !looseEqual(value, right.get(key))) return false;
    return true;
  }
  return left === right;
}

/** Truthiness as the benchmark's language has it (empty containers, `''`, 0 and null are false). */
export function isTruthy(value: DocubenchValue | undefined): boolean {
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'boolean') return value;
  return !isEmpty(value);
}

/**
 * A serialisation that is equal for two values exactly when they are structurally the same, with
 * `true` and `1` told apart (the benchmark compares nested arrays of array items by their JSON text).
 */
export function canonicalText(value: DocubenchValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalText).join(',')}]`;
  if (isObject(value)) {
    const keys = [...value.keys()].sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalText(value.get(key) ?? null)}`).join(',')}}`;
  }
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  return JSON.stringify(value);
}

/** Options of {@link readDocubenchValue}. */
export interface ReadDocubenchValueOptions {
  readonly value: unknown;
  readonly side: ScoreInputSide;
  readonly maxDepth: number;
  readonly maxArrayLength: number;
}

/**
 * Checks that a value is JSON within the limits and turns it into a `DocubenchValue` (`undefined`
 * members are dropped, an `undefined` array item or whole value is null). Throws `ScoreInputError`.
 */
export function readDocubenchValue(options: ReadDocubenchValueOptions): DocubenchValue {
  const path: (string | number)[] = [];
  const fail = (
    problem: 'not-json' | 'too-deep' | 'array-too-long',
    detail: string,
    limit?: number,
  ): never => {
    throw new ScoreInputError({ problem, side: options.side, path: formatPath(path), detail, limit });
  };
  const visit = (value: unknown, depth: number): DocubenchValue => {
    if (value === null || value === undefined) return null;
    if (typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number')
      return Number.isFinite(value) ? value : fail('not-json', 'a number that is not finite');
    if (typeof value !== 'object') return fail('not-json', `a value of type ${typeof value}`);
    if (depth >= options.maxDepth)
      return fail('too-deep', `nested deeper than ${options.maxDepth}`, options.maxDepth);
    if (Array.isArray(value)) {
      if (value.length > options.maxArrayLength)
        return fail(
          'array-too-long',
          `an array longer than ${options.maxArrayLength}`,
          options.maxArrayLength,
        );
      const items: DocubenchValue[] = [];
      for (let index = 0; index < value.length; index++) {
        path.push(index);
        items.push(visit(value[index], depth + 1));
        path.pop();
      }
      return items;
    }
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null)
      return fail('not-json', 'an object that is not a plain object');
    const object: DocubenchObject = new Map();
    for (const [key, member] of Object.entries(value)) {
      if (member === undefined) continue;
      path.push(key);
      object.set(key, visit(member, depth + 1));
      path.pop();
    }
    return object;
  };
  return visit(options.value, 0);
}
