import type { z } from 'zod';
import { formatPath, type JsonPath, parsePath } from './json-path';
import { enumValues, type JsonSchema, schemaAt } from './schema-at';
import { seededUnit } from './seeded-unit';
import type { HallucinationOptions } from './standin-options';

/** A value the simulated model invents for a document, absent from it. */
export interface Hallucination {
  readonly path: JsonPath;
  readonly value: string | number;
  /** The quote given for it when evidence is asked for: made up (the invented value as text), or null for the true passage. */
  readonly quote: string | null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The invented value of a document's answers, drawn from the seed and the document's name alone
 * (so every reply for the document invents the same one until feedback names its path), or null.
 * Candidates are leaves a model plausibly misreads: numbers (two digits swapped), ISO dates (a day
 * later) and strings with digits such as invoice numbers (the last digit one higher); enums are left
 * alone. With `paths`, only leaves at those field patterns are candidates.
 */
export function planHallucination(options: {
  readonly seed: number;
  readonly documentKey: string;
  readonly truth: unknown;
  readonly schema: JsonSchema | null;
  readonly hallucinations: z.output<typeof HallucinationOptions>;
}): Hallucination | null {
  const { seed, documentKey, truth, schema, hallucinations } = options;
  if (seededUnit(seed, documentKey, 'hallucination') >= hallucinations.rate) return null;
  const candidates: { path: JsonPath; value: string | number }[] = [];
  const only = hallucinations.paths ? new Set(hallucinations.paths.map(patternOf)) : null;
  collect(truth, [], (path, value) => {
    if (only && !only.has(formatPath(path.map((segment) => (typeof segment === 'number' ? null : segment)))))
      return;
    if (schema && enumValues(schema, schemaAt(schema, path))) return;
    const invented = invent(value);
    if (invented !== null) candidates.push({ path, value: invented });
  });
  const pick =
    candidates[Math.floor(seededUnit(seed, documentKey, 'hallucination-path') * candidates.length)];
  if (!pick) return null;
  const madeUp = seededUnit(seed, documentKey, 'hallucination-quote') < hallucinations.quoteRate;
  return { ...pick, quote: madeUp ? String(pick.value) : null };
}

/** A path pattern in the form `formatPath` writes, every index as `[]`. */
const patternOf = (text: string): string =>
  formatPath(parsePath(text).map((segment) => (typeof segment === 'number' ? null : segment)));

function collect(value: unknown, path: JsonPath, found: (path: JsonPath, value: unknown) => void): void {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) collect(item, [...path, index], found);
  } else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) collect(child, [...path, key], found);
  else found(path, value);
}

/** A plausible value the document does not hold, or null when the value has nothing to misread. */
export function invent(value: unknown): string | number | null {
  if (typeof value === 'number') return swapDigits(value);
  if (typeof value !== 'string') return null;
  if (ISO_DATE.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(day.getTime())
      ? null
      : new Date(day.getTime() + 86_400_000).toISOString().slice(0, 10);
  }
  if (!/\d/.test(value)) return null;
  return value.replace(/\d(?=\D*$)/, (digit) => String((Number(digit) + 1) % 10));
}

/** The amount with its first two different neighbouring digits swapped (cents included), else one more. */
function swapDigits(value: number): number {
  const cents = Math.round(Math.abs(value) * 100);
  const digits = String(cents).padStart(3, '0');
  const i = [...digits].findIndex((digit, k) => k > 0 && digit !== digits[k - 1]);
  if (i < 1) return value + 1;
  const swapped = Number(`${digits.slice(0, i - 1)}${digits[i]}${digits[i - 1]}${digits.slice(i + 1)}`) / 100;
  return Number.isInteger(value) && swapped % 1 !== 0 ? value + 1 : Math.sign(value || 1) * swapped;
}
