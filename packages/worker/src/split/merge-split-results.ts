import { isDeepStrictEqual } from 'node:util';
import {
  type AnyWorkflow,
  addUsage,
  combineGroupOutputs,
  emptyUsage,
  mergeWindowOutputs,
  type ResolvedSplitSetting,
  type RuleFinding,
  SplitParentError,
} from '@quarry/core';
import type { ExtractionJobResult, SplitReport } from '@quarry/queue';
import { mergeGrounding } from './merge-grounding';
import { childPart, type SplitPlanRecord } from './split-plan-record';

/** What a split parent does once its children have ended: complete, ask some children again, or dead-letter. */
export type SplitOutcome =
  | { readonly kind: 'complete'; readonly result: ExtractionJobResult }
  | { readonly kind: 'rerun'; readonly feedback: ReadonlyMap<number, readonly string[]> }
  | { readonly kind: 'dead_letter'; readonly error: SplitParentError };

/** Options of {@link mergeSplitResults}. */
export interface MergeSplitResultsOptions {
  readonly workflow: AnyWorkflow;
  readonly input: unknown;
  readonly setting: ResolvedSplitSetting;
  readonly plan: SplitPlanRecord;
  /** Each completed child's result (its latest round), by index. */
  readonly results: ReadonlyMap<number, ExtractionJobResult>;
  /** Why each failed child failed, by index (only with `onChildFailure: 'partial'`). */
  readonly failed: ReadonlyMap<number, string>;
  /** True once children were asked again: a rule failing now is final. */
  readonly rerunDone: boolean;
  /** Children asked again, for the report. */
  readonly rerunCount: number;
  /** A text split's window text (pages joined by form feeds), to page the children's quotes; null otherwise. */
  readonly windowText: (window: { readonly firstPage: number; readonly lastPage: number }) => string | null;
}

/**
 * Merges a split job's children into the parent's result, without a model: each window's field
 * groups are combined, the windows merged (`mergeWindowOutputs`: agreement, the workflow's `merge`
 * rules, overlap duplicates removed by `arrayKeys` or equal content), the whole checked against the
 * output schema and the workflow's rules. A `retry` rule failing for the first time asks again the
 * children that gave the paths it names; failing after that, or a schema failure, dead-letters
 * (`validation_exhausted`); a `fatal` rule dead-letters (`fatal_rule`); `review` rules, window
 * conflicts and the children's own review reasons flag the result for review. Cost, tokens and
 * model calls are the children's sums.
 */
export async function mergeSplitResults(options: MergeSplitResultsOptions): Promise<SplitOutcome> {
  const { plan, setting } = options;
  const windows = windowOutputs(options);
  const merged = mergeWindowOutputs({
    windows: windows.map(({ window, output }) => ({ ...window, output })),
    arrayKeys: Object.fromEntries(Object.entries(setting.arrayKeys).map(([path, keys]) => [path, [...keys]])),
    rules: { ...setting.merge },
  });
  const reviewReasons: string[] = childReviewReasons(options);
  for (const [index, reason] of options.failed) {
    reviewReasons.push(`split: child ${index} (${describePart(plan, index)}) failed: ${reason}`);
  }
  for (const conflict of merged.conflicts) {
    const values = conflict.values.map(
      (v) => `${JSON.stringify(v.value)} (pages ${v.pages[0]}–${v.pages[1]})`,
    );
    reviewReasons.push(`split: windows disagree at ${conflict.path}: ${values.join(' vs ')}`);
  }
  const parsed = options.workflow.output.safeParse(merged.output);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(output)'}: ${issue.message}`,
    );
    if (options.failed.size === 0) {
      return deadLetter(
        'validation_exhausted',
        `the merged output of the children breaks the schema: ${problems.join('; ')}`,
      );
    }
    reviewReasons.push(
      `split: the merged output breaks the schema without the failed children: ${problems.join('; ')}`,
    );
  }
  const data = parsed.success ? parsed.data : merged.output;
  const findings = parsed.success ? await ruleFindings(options, data) : [];
  const fatal = findings.filter(({ severity }) => severity === 'fatal');
  if (fatal.length > 0) return deadLetter('fatal_rule', findingText(fatal));
  const retry = findings.filter(({ severity }) => severity === 'retry');
  if (retry.length > 0 && !options.rerunDone) {
    return { kind: 'rerun', feedback: rerunFeedback(options, retry, windows, data) };
  }
  if (retry.length > 0) {
    return deadLetter(
      'validation_exhausted',
      `rules still fail on the merged output after the children were asked again: ${findingText(retry)}`,
    );
  }
  for (const { ruleId, finding } of findings) reviewReasons.push(`${ruleId}: ${finding.message}`);
  return { kind: 'complete', result: jobResult(options, data, merged, reviewReasons) };
}

interface WindowOutput {
  readonly window: { readonly index: number; readonly firstPage: number; readonly lastPage: number };
  readonly output: Record<string, unknown>;
  /** Child index by field group. */
  readonly children: readonly number[];
}

function windowOutputs(options: MergeSplitResultsOptions): WindowOutput[] {
  const { plan, results } = options;
  const groups = plan.groups?.length ?? 1;
  const outputs: WindowOutput[] = [];
  for (const window of plan.windows) {
    const parts: { paths: string[]; output: Record<string, unknown> }[] = [];
    const children: number[] = [];
    for (let g = 0; g < groups; g++) {
      const index = window.index * groups + g;
      const result = results.get(index);
      if (!result) continue;
      const output = isRecord(result.data) ? result.data : {};
      const paths = plan.groups?.[g];
      parts.push({ paths: paths ?? Object.keys(output), output });
      children.push(index);
    }
    if (parts.length === 0) continue;
    outputs.push({ window, output: combineGroupOutputs(parts), children });
  }
  if (outputs.length === 0) {
    throw new SplitParentError({
      kind: 'split_child_failed',
      message: 'no child of the split job completed',
    });
  }
  return outputs;
}

function childReviewReasons(options: MergeSplitResultsOptions): string[] {
  const reasons: string[] = [];
  for (const [index, result] of options.results) {
    if (!result.needsReview) continue;
    for (const reason of result.reviewReasons)
      reasons.push(`${describePart(options.plan, index)}: ${reason}`);
  }
  return reasons;
}

interface Finding {
  readonly ruleId: string;
  readonly severity: 'retry' | 'review' | 'fatal';
  readonly finding: RuleFinding;
}

async function ruleFindings(options: MergeSplitResultsOptions, data: unknown): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const rule of options.workflow.rules) {
    for (const finding of await rule.check(data as never, { input: options.input as never })) {
      findings.push({ ruleId: rule.id, severity: rule.severity, finding });
    }
  }
  return findings;
}

/** Feedback for each child whose window gave a path a failed rule names (all of the group's windows when none did). */
function rerunFeedback(
  options: MergeSplitResultsOptions,
  findings: readonly Finding[],
  windows: readonly WindowOutput[],
  data: unknown,
): Map<number, string[]> {
  const feedback = new Map<number, string[]>();
  const groups = options.plan.groups;
  for (const { ruleId, finding } of findings) {
    const path = finding.path ?? '';
    const line = `${ruleId}${path ? ` at ${path}` : ''}: ${finding.message}`;
    const holding = windows.filter((window) => holdsPath(window.output, path, data));
    for (const window of holding.length > 0 ? holding : windows) {
      for (const index of window.children) {
        const g = groups ? index % groups.length : 0;
        const owns =
          !groups ||
          path === '' ||
          groups[g]?.some((owned) => topOf(path).startsWith(owned) || owned.startsWith(topOf(path)));
        if (!owns) continue;
        feedback.set(index, [...(feedback.get(index) ?? []), line].slice(0, 20));
      }
    }
  }
  return feedback;
}

const topOf = (path: string): string => path.replace(/\[\d+\].*$/, '');

/** True when a window's output gave the value at `path` (for an array item, an equal item). */
function holdsPath(output: Record<string, unknown>, path: string, data: unknown): boolean {
  if (path === '') return false;
  const item = /^(.*?)\[(\d+)\]/.exec(path);
  if (item) {
    const [, arrayPath = '', at = '0'] = item;
    const wanted = (valueAt(data, arrayPath) as unknown[] | undefined)?.[Number(at)];
    const mine = valueAt(output, arrayPath);
    return Array.isArray(mine) && mine.some((entry) => isDeepStrictEqual(entry, wanted));
  }
  const value = valueAt(output, path);
  return value !== null && value !== undefined;
}

function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.').filter(Boolean)) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

function jobResult(
  options: MergeSplitResultsOptions,
  data: unknown,
  merged: ReturnType<typeof mergeWindowOutputs>,
  reviewReasons: string[],
): ExtractionJobResult {
  const results = [...options.results.values()];
  const usage = results.reduce((sum, result) => addUsage(sum, result.usage), emptyUsage());
  const costs = results.map((result) => result.costUsd);
  const report: SplitReport = {
    windows: options.plan.windows.length,
    groups: options.plan.groups?.length ?? 1,
    children: options.plan.windows.length * (options.plan.groups?.length ?? 1) + options.rerunCount,
    reasons: [...options.plan.reasons],
    merged: {
      duplicatesRemoved: merged.duplicatesRemoved.total,
      conflicts: merged.conflicts.map((conflict) => ({
        path: conflict.path,
        reason: conflict.reason,
        values: conflict.values.map(({ value, pages }) => ({ value, pages: [pages[0], pages[1]] })),
      })),
    },
    rerun: options.rerunCount,
    ...(options.failed.size > 0
      ? {
          missing: [...options.failed].map(([index, reason]) => {
            const { window, paths } = childPart(options.plan, index);
            return {
              index,
              pages:
                options.plan.pages === null
                  ? null
                  : ([window.firstPage, window.lastPage] as [number, number]),
              paths: paths ? [...paths] : null,
              reason,
            };
          }),
        }
      : {}),
  };
  const grounding = mergeGrounding({
    data,
    children: [...options.results].map(([index, result]) => {
      const { window } = childPart(options.plan, index);
      const paged = options.plan.pages !== null;
      return {
        result,
        firstPage: paged ? window.firstPage : 1,
        windowText: paged ? options.windowText(window) : null,
      };
    }),
  });
  const weakReasons = (grounding.weakFields ?? []).length;
  return {
    data,
    needsReview: reviewReasons.length > 0 || weakReasons > 0,
    reviewReasons: capped(reviewReasons),
    attempts: Math.max(
      1,
      results.reduce((sum, result) => sum + result.attempts, 0),
    ),
    usage,
    costUsd: costs.some((cost) => cost === null)
      ? null
      : costs.reduce<number>((sum, cost) => sum + (cost ?? 0), 0),
    model: results[0]?.model ?? '',
    workflow: options.workflow.name,
    version: options.workflow.version,
    durationMs: results.reduce((sum, result) => sum + result.durationMs, 0),
    ...grounding,
    split: report,
  };
}

/** Review reasons a result carries at most: many windows each flagged would otherwise bury the first. */
export const MAX_SPLIT_REVIEW_REASONS = 50;

function capped(reasons: readonly string[]): string[] {
  if (reasons.length <= MAX_SPLIT_REVIEW_REASONS) return [...reasons];
  const kept = reasons.slice(0, MAX_SPLIT_REVIEW_REASONS - 1);
  return [...kept, `… and ${reasons.length - kept.length} more review reasons`];
}

/** "pages 21–30, fields a, b" of a child, for messages. */
export function describePart(plan: SplitPlanRecord, index: number): string {
  const { window, paths } = childPart(plan, index);
  const pages = plan.pages === null ? 'whole document' : `pages ${window.firstPage}–${window.lastPage}`;
  return paths ? `${pages}, fields ${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ', …' : ''}` : pages;
}

function deadLetter(kind: SplitParentError['kind'], message: string): SplitOutcome {
  return { kind: 'dead_letter', error: new SplitParentError({ kind, message }) };
}

function findingText(findings: readonly Finding[]): string {
  return findings
    .slice(0, 10)
    .map(({ ruleId, finding }) => `${ruleId}${finding.path ? ` at ${finding.path}` : ''}: ${finding.message}`)
    .join('; ');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
