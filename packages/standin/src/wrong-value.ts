import { fitsLeaf, isIsoDate, type LeafConstraints } from './leaf-constraints';

const round2 = (value: number): number => Math.round(value * 100) / 100;
const dayMs = 86_400_000;

/**
 * A wrong value of the same type as `value` that still fits the leaf's schema, or null when there is
 * none: a boolean flipped, an enum swapped for another member, a number moved by 10 % (at least 1;
 * 0.25 for a fraction under 1; a whole number stays whole) away from zero, else towards it, within
 * its bounds, a date shifted by 1 to 28
 * days, any other string with one letter or digit changed (a letter to the next in the alphabet, a
 * digit to the next digit). `draw` (in [0, 1)) picks among the choices, so a seed decides them.
 * Every wrong value differs from the true one beyond case, spacing and half a cent, so an eval
 * counts it as different.
 */
export function wrongValue(options: {
  readonly value: unknown;
  readonly constraints: LeafConstraints;
  readonly draw: number;
}): unknown {
  const { value, constraints, draw } = options;
  const candidates = choices(value, constraints, draw);
  return candidates.find((candidate) => candidate !== value && fitsLeaf(candidate, constraints)) ?? null;
}

function choices(value: unknown, constraints: LeafConstraints, draw: number): unknown[] {
  if (typeof value === 'boolean') return [!value];
  if (typeof value === 'number') return Number.isFinite(value) ? perturbed(value) : [];
  if (typeof value !== 'string' || value.trim() === '') return [];
  const members = constraints.enumValues?.filter((member) => member !== value);
  if (constraints.enumValues) return rotate(members ?? [], draw);
  if (isIsoDate(value.slice(0, 10)) && (constraints.format === undefined || /date/.test(constraints.format)))
    return [shiftDate(value, 1 + Math.floor(draw * 28))];
  return rotate(alphanumericPositions(value), draw).map((index) => changeCharacter(value, index));
}

/** The number moved away from zero, then towards it. */
function perturbed(value: number): number[] {
  const integer = Number.isInteger(value);
  const magnitude = Math.abs(value);
  const step = integer
    ? Math.max(1, Math.round(magnitude * 0.1))
    : magnitude < 1
      ? 0.25
      : Math.max(1, round2(magnitude * 0.1));
  const away = value < 0 ? -1 : 1;
  return [value + away * step, value - away * step].map((moved) => (integer ? moved : round2(moved)));
}

function shiftDate(value: string, days: number): string {
  const day = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return `${new Date(day.getTime() + days * dayMs).toISOString().slice(0, 10)}${value.slice(10)}`;
}

function alphanumericPositions(text: string): number[] {
  const positions: number[] = [];
  for (let index = 0; index < text.length; index++)
    if (/[A-Za-z0-9]/.test(text[index] ?? '')) positions.push(index);
  return positions;
}

function changeCharacter(text: string, index: number): string {
  const character = text[index] ?? '';
  const code = character.charCodeAt(0);
  const next = /\d/.test(character)
    ? String((Number(character) + 1) % 10)
    : /[a-z]/.test(character)
      ? String.fromCharCode(((code - 97 + 1) % 26) + 97)
      : String.fromCharCode(((code - 65 + 1) % 26) + 65);
  return `${text.slice(0, index)}${next}${text.slice(index + 1)}`;
}

/** The items starting at the one `draw` picks, wrapping round, so every item is tried in turn. */
function rotate<T>(items: readonly T[], draw: number): T[] {
  const start = Math.floor(draw * items.length);
  return [...items.slice(start), ...items.slice(0, start)];
}
