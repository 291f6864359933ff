import { fitsLeaf, type LeafConstraints } from './leaf-constraints';

const round2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * A plausible value for a leaf whose truth is empty (null, blank or absent) that fits the leaf's
 * schema, or null when the stand-in cannot make one: an enum member, a boolean, a number within the
 * bounds (1 to 1,000 when unbounded), a date in 2024, an email or URL at `example.com`, or a
 * reference such as `REF-4821`. `draw` (in [0, 1)) picks it, so a seed decides. Without a schema
 * the value is a reference string.
 */
export function inventedValue(options: {
  readonly constraints: LeafConstraints;
  readonly draw: number;
}): unknown {
  const { constraints, draw } = options;
  return choices(constraints, draw).find((candidate) => fitsLeaf(candidate, constraints)) ?? null;
}

function choices(constraints: LeafConstraints, draw: number): unknown[] {
  const { types, enumValues } = constraints;
  const n = 1000 + Math.floor(draw * 9000);
  if (enumValues) {
    const start = Math.floor(draw * enumValues.length);
    return [...enumValues.slice(start), ...enumValues.slice(0, start)];
  }
  if (types === undefined) return [`REF-${n}`];
  const found: unknown[] = [];
  if (types.has('string')) found.push(...strings(constraints.format, n, draw));
  if (types.has('number') || types.has('integer')) found.push(...numbers(constraints, draw));
  if (types.has('boolean')) found.push(draw < 0.5, draw >= 0.5);
  return found;
}

function strings(format: string | undefined, n: number, draw: number): string[] {
  const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(draw * 366) * 86_400_000).toISOString();
  switch (format) {
    case 'date':
      return [day.slice(0, 10)];
    case 'date-time':
      return [`${day.slice(0, 10)}T12:00:00Z`];
    case 'email':
      return [`contact${n}@example.com`];
    case 'uri':
      return [`https://example.com/${n}`];
    case undefined:
      return [`REF-${n}`, `${n}`, letters(n), `INV-${n}`];
    default:
      return [];
  }
}

/** Three capital letters from the number (`ABC`), for codes such as currencies. */
const letters = (n: number): string =>
  [0, 1, 2].map((place) => String.fromCharCode(65 + (Math.floor(n / 26 ** place) % 26))).join('');

function numbers(constraints: LeafConstraints, draw: number): number[] {
  const { bounds, types } = constraints;
  const low = Math.max(bounds.min, bounds.above);
  const high = Math.min(bounds.max, bounds.below);
  const integer = !types?.has('number');
  const from = Number.isFinite(low) ? low : Number.isFinite(high) ? Math.min(1, high - 1000) : 1;
  const to = Number.isFinite(high) ? high : from + 999;
  const picked = from + draw * (to - from);
  const value = integer ? Math.round(picked) : round2(picked);
  // The midpoint when the draw lands on an exclusive bound.
  const middle = integer ? Math.round((from + to) / 2) : round2((from + to) / 2);
  return [value, middle];
}
