import { z } from 'zod';
import { type JsonPath, setAt, valueAt } from './json-path';
import { allowedTypes, enumValues, type JsonSchema, requiresKey, schemaAt } from './schema-at';

/**
 * The mistakes the simulated model makes, as generic mutations of a JSON value:
 * - `wrongType`: a number or boolean written as a string, or a numeric string as a number;
 * - `missingField`: a (required) field left out;
 * - `arithmeticOff`: a number made larger by 10 % (at least 1); picked at random only in the last
 *   numeric field of an array item (where computed amounts usually are);
 * - `dateFormat`: a `YYYY-MM-DD` date written `DD/MM/YYYY`;
 * - `badEnum`: an enum value written in another case (or with a suffix) that the enum lacks.
 */
export const MutationKind = z.enum(['wrongType', 'missingField', 'arithmeticOff', 'dateFormat', 'badEnum']);
export type MutationKind = z.infer<typeof MutationKind>;

type MutationResult = { readonly delete: true } | { readonly delete: false; readonly value: unknown } | null;

interface MutationContext {
  readonly root: JsonSchema | null;
  readonly node: JsonSchema | undefined;
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const numericString = /^-?\d+(\.\d+)?$/;
const round2 = (value: number): number => Math.round(value * 100) / 100;

function mutate(kind: MutationKind, value: unknown, context: MutationContext): MutationResult {
  const { root, node } = context;
  const types = root ? allowedTypes(root, node) : undefined;
  switch (kind) {
    case 'wrongType':
      if ((typeof value === 'number' || typeof value === 'boolean') && !types?.has('string'))
        return { delete: false, value: String(value) };
      if (
        typeof value === 'string' &&
        numericString.test(value) &&
        !types?.has('number') &&
        !types?.has('integer')
      )
        return { delete: false, value: Number(value) };
      return null;
    case 'missingField':
      return value === undefined ? null : { delete: true };
    case 'arithmeticOff':
      return typeof value === 'number' && Number.isFinite(value)
        ? { delete: false, value: round2(value + Math.max(1, Math.abs(value) * 0.1)) }
        : null;
    case 'dateFormat': {
      const match = typeof value === 'string' ? isoDate.exec(value) : null;
      return match ? { delete: false, value: `${match[3]}/${match[2]}/${match[1]}` } : null;
    }
    case 'badEnum': {
      if (typeof value !== 'string' || value.length === 0) return null;
      const allowed = (root && enumValues(root, node)) ?? [value];
      const capitalized = value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();
      const variants = [capitalized, value.toUpperCase(), value.toLowerCase(), `${value}_other`];
      const variant = variants.find((candidate) => candidate !== value && !allowed.includes(candidate));
      return variant === undefined ? null : { delete: false, value: variant };
    }
  }
}

/**
 * Applies a mutation at a concrete path of a mutable value, guided by the answer's JSON Schema
 * when there is one. Returns false (and changes nothing) when the mutation does not apply there.
 */
export function applyMutation(options: {
  readonly target: unknown;
  readonly path: JsonPath;
  readonly kind: MutationKind;
  readonly schema: JsonSchema | null;
}): boolean {
  const { target, path, kind, schema } = options;
  if (path.length === 0) return false;
  if (kind === 'missingField' && typeof path.at(-1) !== 'string') return false;
  const result = mutate(kind, valueAt(target, path), { root: schema, node: schemaAt(schema, path) });
  if (!result) return false;
  return setAt(target, path, result.delete ? undefined : result.value);
}

/**
 * Every concrete path of `value` where a mutation of `kind` would be a real mistake: only
 * required fields go missing (when the schema says which), only enum fields get bad enum values,
 * and arithmetic goes off in the last numeric field of array items.
 */
export function mutationCandidates(options: {
  readonly value: unknown;
  readonly kind: MutationKind;
  readonly schema: JsonSchema | null;
}): JsonPath[] {
  const { value, kind, schema } = options;
  const found: JsonPath[] = [];
  walk(value, [], (current, path, parent) => {
    if (path.length === 0) return;
    const node = schemaAt(schema, path);
    if (!mutate(kind, current, { root: schema, node })) return;
    const key = path.at(-1);
    switch (kind) {
      case 'missingField':
        if (
          typeof key !== 'string' ||
          (schema && requiresKey(schema, schemaAt(schema, path.slice(0, -1)), key) === false)
        )
          return;
        break;
      case 'arithmeticOff':
        if (typeof path.at(-2) !== 'number' || typeof key !== 'string' || key !== lastNumericKey(parent))
          return;
        break;
      case 'badEnum':
        if (!schema || !enumValues(schema, node)?.includes(current as string)) return;
        break;
      default:
        break;
    }
    found.push(path);
  });
  return found;
}

function lastNumericKey(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return Object.entries(value)
    .filter(([, item]) => typeof item === 'number')
    .map(([key]) => key)
    .at(-1);
}

function walk(
  value: unknown,
  path: JsonPath,
  visit: (value: unknown, path: JsonPath, parent: unknown) => void,
  parent?: unknown,
): void {
  visit(value, path, parent);
  if (Array.isArray(value))
    for (const [index, item] of value.entries()) walk(item, [...path, index], visit, value);
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) walk(item, [...path, key], visit, value);
}
