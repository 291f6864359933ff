import { allowedTypes, branches, enumValues, type JsonSchema } from './schema-at';

/** What a request's JSON Schema says a leaf value may be, its combinators merged. */
export interface LeafConstraints {
  /** The JSON types allowed; undefined when the schema says nothing. */
  readonly types: ReadonlySet<string> | undefined;
  /** The string members of an enum (or `const`s), else undefined. */
  readonly enumValues: readonly string[] | undefined;
  /** `format` of a string (`date`, `date-time`, `email`, …). */
  readonly format: string | undefined;
  /** `pattern` of a string, as the API reads it (a JavaScript regular expression), or undefined. */
  readonly pattern: RegExp | undefined;
  /** Numeric bounds, from the keywords or from the description notes Quarry writes instead of them. */
  readonly bounds: NumberBounds;
}

/** Inclusive (`min`, `max`) and exclusive (`above`, `below`) bounds of a number; absent ones are infinite. */
interface NumberBounds {
  readonly min: number;
  readonly max: number;
  readonly above: number;
  readonly below: number;
}

const unbounded: NumberBounds = { min: -Infinity, max: Infinity, above: -Infinity, below: Infinity };

// `toOutputJsonSchema` of @quarry/core moves numeric bounds the API rejects into the description
// ("must be ≥ 0", "must be > 0", "must be ≤ 1"); the zod schema that validates the reply keeps them.
const describedBound = /must be (≥|≤|>|<) (-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)/g;

/** The constraints of the leaf at `node` of the schema `root` (nothing known when `node` is undefined). */
export function leafConstraints(root: JsonSchema | null, node: JsonSchema | undefined): LeafConstraints {
  if (!root || !node)
    return {
      types: undefined,
      enumValues: undefined,
      format: undefined,
      pattern: undefined,
      bounds: unbounded,
    };
  let format: string | undefined;
  let pattern: RegExp | undefined;
  const bounds = { ...unbounded };
  for (const branch of branches(root, node)) {
    if (typeof branch.format === 'string') format ??= branch.format;
    if (typeof branch.pattern === 'string') pattern ??= compile(branch.pattern);
    tighten(bounds, '≥', branch.minimum);
    tighten(bounds, '≤', branch.maximum);
    tighten(bounds, '>', branch.exclusiveMinimum);
    tighten(bounds, '<', branch.exclusiveMaximum);
    if (typeof branch.description === 'string')
      for (const [, sign, value] of branch.description.matchAll(describedBound))
        tighten(bounds, sign as Sign, Number(value));
  }
  return { types: allowedTypes(root, node), enumValues: enumValues(root, node), format, pattern, bounds };
}

type Sign = '≥' | '≤' | '>' | '<';

function tighten(
  bounds: { min: number; max: number; above: number; below: number },
  sign: Sign,
  value: unknown,
) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return;
  if (sign === '≥') bounds.min = Math.max(bounds.min, value);
  else if (sign === '≤') bounds.max = Math.min(bounds.max, value);
  else if (sign === '>') bounds.above = Math.max(bounds.above, value);
  else bounds.below = Math.min(bounds.below, value);
}

function compile(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

/** Whether the number is within the bounds. */
const withinBounds = (value: number, bounds: NumberBounds): boolean =>
  value >= bounds.min && value <= bounds.max && value > bounds.above && value < bounds.below;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(text: string): boolean {
  const match = isoDate.exec(text);
  if (!match) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

const formatChecks: Readonly<Record<string, (text: string) => boolean>> = {
  date: isIsoDate,
  'date-time': (text) => /^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(Date.parse(text)),
  email: (text) => /^[A-Za-z0-9_'+.-]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/.test(text),
  uuid: (text) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text),
};

/**
 * Whether a value the stand-in makes up fits the leaf: an allowed type (a whole number where only
 * `integer` is), an enum member, the pattern, the bounds, and the formats it knows (`date`,
 * `date-time`, `email`, `uuid`).
 */
export function fitsLeaf(value: unknown, constraints: LeafConstraints): boolean {
  const { types } = constraints;
  if (value === null) return types === undefined || types.has('null');
  if (typeof value === 'boolean') return types === undefined || types.has('boolean');
  if (typeof value === 'number') {
    const typed =
      types === undefined || types.has('number') || (types.has('integer') && Number.isInteger(value));
    return typed && Number.isFinite(value) && withinBounds(value, constraints.bounds);
  }
  if (typeof value !== 'string') return false;
  if (types !== undefined && !types.has('string')) return false;
  if (constraints.enumValues && !constraints.enumValues.includes(value)) return false;
  if (constraints.pattern && !constraints.pattern.test(value)) return false;
  const check = constraints.format === undefined ? undefined : formatChecks[constraints.format];
  return check === undefined || check(value);
}
