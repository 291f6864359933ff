import { deepEqual } from './deep-equal';
import type { MergeRule } from './merge-input';

/**
 * How the values windows give at one leaf settle (only windows that give a non-null value):
 * - `agreed`: all equal;
 * - `ruled`: they differ and the path's rule picked one;
 * - `conflict`: they differ and there is no rule (`no_rule`), or `max`/`min` cannot order them
 *   (`rule_not_applicable`: not all numbers nor all strings); the first window's value is kept.
 */
export type LeafDecision =
  | { readonly kind: 'agreed'; readonly value: unknown }
  | { readonly kind: 'ruled'; readonly rule: MergeRule; readonly value: unknown }
  | {
      readonly kind: 'conflict';
      readonly reason: 'no_rule' | 'rule_not_applicable';
      readonly value: unknown;
    };

/** Settles non-null values, in window order (at least one). */
export function resolveLeaf(options: {
  readonly values: readonly unknown[];
  readonly rule?: MergeRule;
}): LeafDecision {
  const { values, rule } = options;
  const first = values[0];
  if (values.every((value) => deepEqual(value, first))) return { kind: 'agreed', value: first };
  if (rule === undefined) return { kind: 'conflict', reason: 'no_rule', value: first };
  const picked = pick(values, rule);
  if (picked.found) return { kind: 'ruled', rule, value: picked.value };
  return { kind: 'conflict', reason: 'rule_not_applicable', value: first };
}

function pick(
  values: readonly unknown[],
  rule: MergeRule,
): { found: true; value: unknown } | { found: false } {
  switch (rule) {
    case 'first':
      return { found: true, value: values[0] };
    case 'last':
      return { found: true, value: values[values.length - 1] };
    case 'max':
      return extreme(values, (a, b) => a > b);
    case 'min':
      return extreme(values, (a, b) => a < b);
    default: {
      const unknownRule: never = rule;
      throw new Error(`unknown merge rule ${String(unknownRule)}`);
    }
  }
}

/** The first value that no later one beats; numbers (finite) or strings (code-unit order) only. */
function extreme(
  values: readonly unknown[],
  beats: (a: number | string, b: number | string) => boolean,
): { found: true; value: unknown } | { found: false } {
  const numbers = values.every((value) => typeof value === 'number' && Number.isFinite(value));
  const strings = values.every((value) => typeof value === 'string');
  if (!numbers && !strings) return { found: false };
  const ordered = values as readonly (number | string)[];
  let best = ordered[0] as number | string;
  for (const value of ordered) if (beats(value, best)) best = value;
  return { found: true, value: best };
}
