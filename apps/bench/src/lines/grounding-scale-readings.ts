import { formatPath } from '@quarry/core';
import { checkGrounding, groundingPlan, numbersIn, sameAmount } from '@quarry/grounding';
import type { Sample } from '@quarry/samples';
import { invoiceWorkflow } from '@quarry/workflows';

/** What planting the other reading of every amount written `1,234` / `1.234` in the samples showed. */
export interface ScaleReadings {
  /** Amounts written with a lone `.` or `,` before three digits: one 1000× reading planted for each. */
  readonly planted: number;
  /** Planted readings grounding did not accept as grounded (a mismatch, or ambiguous and flagged). */
  readonly caught: number;
  /** The same, by the rule before: a lone mark read both ways, whatever is beside it, and any reading agrees. */
  readonly caughtBefore: number;
  /** The true values of those amounts that grounding did not accept as grounded. */
  readonly trueFlagged: number;
  readonly trueFlaggedBefore: number;
}

/** A number of a sample's truth where its document writes it with a lone mark, and the passage. */
interface Amount {
  readonly path: string;
  readonly pattern: string;
  readonly value: number;
  /** The other reading of the same text (1000× off). */
  readonly other: number;
  readonly quote: string;
}

/**
 * For every number of every invoice sample that the document writes with a lone `.` or `,` before
 * three digits, the other reading (1000× off) planted with the true passage as its quote, grounded
 * with `require` on that field alone: how many are caught, and how many true values are flagged.
 * Pure: no model, no stand-in.
 */
export function groundingScaleReadings(samples: readonly Sample[]): ScaleReadings {
  let planted = 0;
  let caught = 0;
  let caughtBefore = 0;
  let trueFlagged = 0;
  let trueFlaggedBefore = 0;
  for (const sample of samples.filter((each) => each.workflow === 'invoice')) {
    for (const amount of amountsOf(sample)) {
      planted++;
      if (status(sample, amount, amount.other) !== 'grounded') caught++;
      if (!readBefore(amount.quote).some((found) => sameAmount(found, amount.other))) caughtBefore++;
      if (status(sample, amount, amount.value) !== 'grounded') trueFlagged++;
      if (!readBefore(amount.quote).some((found) => sameAmount(found, amount.value))) trueFlaggedBefore++;
    }
  }
  return { planted, caught, caughtBefore, trueFlagged, trueFlaggedBefore };
}

function status(sample: Sample, amount: Amount, value: number): string | undefined {
  const plan = groundingPlan({
    output: invoiceWorkflow.output,
    grounding: { mode: 'off', fields: { [amount.pattern]: { mode: 'require' } } },
  });
  const data = withValue(sample.truth, amount.path, value);
  const check = checkGrounding({
    plan,
    document: sample.text,
    data,
    evidence: { [amount.path]: amount.quote },
  });
  return check.fields.find((field) => field.path === amount.path)?.status;
}

/** A number written with a lone `.` or `,` before three digits (`1,234`, `12.345`), whatever is beside it. */
const LONE = /(?<![\d.,'])(\d{1,3})[.,](\d{3})(?![\d'])(?![.,]\d)/g;

function amountsOf(sample: Sample): Amount[] {
  const lines = sample.text.split('\n');
  return numberLeaves(sample.truth, []).flatMap(({ path, value }) => {
    for (const line of lines) {
      for (const [, whole = '', part = ''] of line.matchAll(LONE)) {
        const grouping = Number(`${whole}${part}`);
        const decimal = Number(`${whole}.${part}`);
        const other = sameAmount(grouping, value)
          ? decimal
          : sameAmount(decimal, value)
            ? grouping
            : undefined;
        if (other === undefined) continue;
        return [{ path, pattern: path.replace(/\[\d+\]/g, '[]'), value, other, quote: line.trim() }];
      }
    }
    return [];
  });
}

/** Every number the rule before read in a passage: each lone mark both ways, a currency beside it or not. */
function readBefore(quote: string): number[] {
  const lone = [...quote.matchAll(LONE)].flatMap(([, whole, part]) => [
    Number(`${whole}${part}`),
    Number(`${whole}.${part}`),
  ]);
  return [...numbersIn(quote), ...lone];
}

function numberLeaves(value: unknown, path: readonly (string | number)[]): { path: string; value: number }[] {
  if (typeof value === 'number') return [{ path: formatPath(path), value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => numberLeaves(item, [...path, index]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => numberLeaves(item, [...path, key]));
  return [];
}

function withValue(truth: unknown, path: string, value: number): unknown {
  const copy = structuredClone(truth) as Record<string, unknown>;
  const keys = path.split(/\.|\[(\d+)\]/).filter(Boolean);
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1) as string] = value;
  return copy;
}
