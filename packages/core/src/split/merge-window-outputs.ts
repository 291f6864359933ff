import { isPlainObject } from './deep-equal';
import { type Contribution, mergeArrays, type WindowRef } from './merge-arrays';
import { type MergeRule, MergeWindowOutputsOptions } from './merge-input';
import { resolveLeaf } from './resolve-leaf';
import { SplitInputError } from './split-input-error';

/** One window's value in a conflict. */
export interface ConflictValue {
  readonly value: unknown;
  readonly windowIndex: number;
  /** The window's first and last page. */
  readonly pages: readonly [number, number];
}

/**
 * Windows that gave different values at a leaf, settled by keeping the first window's value: there
 * was no rule for the path (`no_rule`), or its `max`/`min` rule could not order the values
 * (`rule_not_applicable`). `values` lists each window that gave a non-null value, in window order.
 */
export interface MergeConflict {
  readonly path: string;
  readonly reason: 'no_rule' | 'rule_not_applicable';
  readonly values: readonly ConflictValue[];
}

/** What {@link mergeWindowOutputs} gives. */
export interface MergedWindowOutputs {
  readonly output: Record<string, unknown>;
  readonly conflicts: readonly MergeConflict[];
  /** Array items dropped as read twice from shared pages, in all and by array path. */
  readonly duplicatesRemoved: { readonly total: number; readonly byPath: Readonly<Record<string, number>> };
}

interface MergeContext {
  readonly arrayKeys: Readonly<Record<string, readonly string[]>>;
  readonly rules: Readonly<Record<string, MergeRule>>;
  readonly conflicts: MergeConflict[];
  readonly removed: Map<string, number>;
}

/**
 * Merges the outputs of a document's page windows (objects of one schema) into one, without a model
 * and deterministically. At each path, windows that give null or nothing are left out, and:
 * - objects merge field by field (fields in order of first appearance);
 * - arrays are concatenated in window order, less the items neighbouring windows both read from
 *   their shared pages (matched by `arrayKeys[path]` or by full equality; see `mergeArrays`); items
 *   read twice are themselves merged, their fields' paths being `path[].field`;
 * - leaves (anything else) that all agree give that value; none gives null; a disagreement is settled
 *   by `rules[path]`, else the first window's value is kept and a conflict reported.
 *
 * @throws {SplitInputError} when there are no windows, a window is out of order (by index or first
 * page), its pages are out of range, or an output is not an object.
 */
export function mergeWindowOutputs(options: MergeWindowOutputsOptions): MergedWindowOutputs {
  const parsed = MergeWindowOutputsOptions.safeParse(options);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${pathText(issue.path)}: ${issue.message}`);
    throw new SplitInputError({ problems, cause: parsed.error });
  }
  const { windows, arrayKeys = {}, rules = {} } = parsed.data;
  const context: MergeContext = { arrayKeys, rules, conflicts: [], removed: new Map() };
  const contributions = windows.map(({ output, ...window }) => ({ value: output, window }));
  const output = mergeObjects('', contributions, context);
  const byPath = Object.fromEntries(context.removed);
  const total = [...context.removed.values()].reduce((sum, n) => sum + n, 0);
  return { output, conflicts: context.conflicts, duplicatesRemoved: { total, byPath } };
}

function mergeValue(path: string, contributions: readonly Contribution[], context: MergeContext): unknown {
  const given = contributions.filter(({ value }) => value !== null && value !== undefined);
  if (given.length === 0) return null;
  if (given.every(({ value }) => Array.isArray(value))) {
    const keys = context.arrayKeys[path];
    const { items, removed } = mergeArrays({ contributions, ...(keys ? { keys } : {}) });
    if (removed > 0) context.removed.set(path, (context.removed.get(path) ?? 0) + removed);
    return items.map((copies) =>
      copies.length === 1 ? copies[0]?.value : mergeValue(`${path}[]`, copies, context),
    );
  }
  if (given.every(({ value }) => isPlainObject(value))) return mergeObjects(path, given, context);
  const rule = context.rules[path];
  const decision = resolveLeaf({ values: given.map(({ value }) => value), ...(rule ? { rule } : {}) });
  switch (decision.kind) {
    case 'agreed':
    case 'ruled':
      return decision.value;
    case 'conflict':
      context.conflicts.push({ path, reason: decision.reason, values: given.map(conflictValue) });
      return decision.value;
    default: {
      const unknownDecision: never = decision;
      throw new Error(`unknown leaf decision ${JSON.stringify(unknownDecision)}`);
    }
  }
}

function mergeObjects(path: string, contributions: readonly Contribution[], context: MergeContext) {
  const records = contributions.map(({ value, window }) => ({
    record: value as Record<string, unknown>,
    window,
  }));
  const fields = [...new Set(records.flatMap(({ record }) => Object.keys(record)))];
  return Object.fromEntries(
    fields.map((field) => {
      const fieldPath = path === '' ? field : `${path}.${field}`;
      const values = records.map(({ record, window }) => ({
        value: Object.hasOwn(record, field) ? record[field] : undefined,
        window,
      }));
      return [field, mergeValue(fieldPath, values, context)];
    }),
  );
}

function conflictValue({ value, window }: { value: unknown; window: WindowRef }): ConflictValue {
  return { value, windowIndex: window.index, pages: [window.firstPage, window.lastPage] };
}

function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');
}
