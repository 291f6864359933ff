import { formatPath } from '@quarry/core';
import { normaliseText } from './normalise-text';
import { ABSENT, type PreparedItem, type PreparedNode } from './prepared-node';
import { readDate } from './read-date';
import { readNumber } from './read-number';
import { ScoreInputError, type ScoreInputProblem, type ScoreInputSide } from './score-input-error';

/** Options of {@link prepareValue}. */
export interface PrepareValueOptions {
  readonly value: unknown;
  readonly side: ScoreInputSide;
  readonly maxDepth: number;
  readonly maxArrayLength: number;
}

interface Prepared {
  readonly node: PreparedNode;
  /** A canonical serialisation of the value (keys sorted), by which array items are ordered. */
  readonly key: string;
}

const isPlainObject = (value: object): boolean => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * Checks that a value is JSON (null, booleans, finite numbers, strings, arrays and plain objects;
 * `undefined` reads as absent) within the depth and array-length limits, and prepares it for
 * comparison. Throws `ScoreInputError` naming the problem and its path.
 */
export function prepareValue(options: PrepareValueOptions): PreparedNode {
  const path: (string | number)[] = [];
  const fail = (problem: ScoreInputProblem, detail: string, limit?: number): never => {
    throw new ScoreInputError({ problem, side: options.side, path: formatPath(path), detail, limit });
  };

  const visit = (value: unknown, depth: number): Prepared => {
    switch (typeof value) {
      case 'undefined':
        return { node: ABSENT, key: 'null' };
      case 'boolean':
        return { node: { kind: 'leaf', leaf: { type: 'boolean', value } }, key: String(value) };
      case 'number':
        if (!Number.isFinite(value)) return fail('not-json', 'a number that is not finite');
        return { node: { kind: 'leaf', leaf: { type: 'number', value } }, key: `n${value}` };
      case 'string': {
        const text = normaliseText(value);
        if (text === '') return { node: ABSENT, key: 'null' };
        const leaf = { type: 'string', text, number: readNumber(text), date: readDate(text) } as const;
        return { node: { kind: 'leaf', leaf }, key: JSON.stringify(value) };
      }
      case 'object':
        if (value === null) return { node: ABSENT, key: 'null' };
        if (depth >= options.maxDepth)
          return fail('too-deep', `nested deeper than ${options.maxDepth}`, options.maxDepth);
        if (Array.isArray(value)) return visitArray(value, depth + 1);
        if (!isPlainObject(value)) return fail('not-json', 'an object that is not a plain object');
        return visitObject(value as Record<string, unknown>, depth + 1);
      default:
        return fail('not-json', `a value of type ${typeof value}`);
    }
  };

  const visitArray = (value: readonly unknown[], depth: number): Prepared => {
    if (value.length > options.maxArrayLength)
      return fail('array-too-long', `an array longer than ${options.maxArrayLength}`, options.maxArrayLength);
    const prepared: (Prepared & { readonly index: number })[] = [];
    for (let index = 0; index < value.length; index++) {
      path.push(index);
      prepared.push({ ...visit(value[index], depth), index });
      path.pop();
    }
    prepared.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const items: PreparedItem[] = prepared.map(({ node, index }) => ({ node, index }));
    return { node: { kind: 'array', items }, key: `[${prepared.map((item) => item.key).join(',')}]` };
  };

  const visitObject = (value: Record<string, unknown>, depth: number): Prepared => {
    const entries = new Map<string, PreparedNode>();
    const keys: string[] = [];
    for (const name of Object.keys(value).sort()) {
      path.push(name);
      const prepared = visit(value[name], depth);
      path.pop();
      entries.set(name, prepared.node);
      keys.push(`${JSON.stringify(name)}:${prepared.key}`);
    }
    return { node: { kind: 'object', entries }, key: `{${keys.join(',')}}` };
  };

  return visit(options.value, 0).node;
}
