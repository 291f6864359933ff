import type {
  EvalChange,
  EvalComparedRun,
  EvalComparison,
  EvalDrop,
  EvalFieldChange,
} from './eval-comparison';
import { EvalOptionError } from './eval-option-error';
import type { EvalReport } from './eval-report';

/** Options of {@link compareEvalReports}. */
export interface CompareEvalReportsOptions {
  readonly baseline: EvalReport;
  readonly current: EvalReport;
  /** The largest fall of an F1 (or DocuBench score) that passes: 0 to 1, default 0.02. */
  readonly maxDrop?: number;
}

/** Default of `maxDrop`: two points of F1. */
export const DEFAULT_MAX_DROP = 0.02;
/** Falls within this of `maxDrop` pass: `0.90 − 0.88` is 0.020000000000000018 in floating point. */
const EPSILON = 1e-9;

const change = (baseline: number, current: number): EvalChange => ({
  baseline,
  current,
  delta: current - baseline,
});
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function comparedRun(report: EvalReport): EvalComparedRun {
  const { runId, set, workflow, model, lane, lessons, scoring, aborted } = report.run;
  return { runId, set, workflow, model, lane, lessons, scoring, aborted, itemsRun: report.summary.run };
}

function differs(a: EvalComparedRun, b: EvalComparedRun): EvalComparison['differs'] {
  const checks: [EvalComparison['differs'][number], boolean][] = [
    ['set', a.set !== b.set],
    ['workflow', a.workflow.name !== b.workflow.name || a.workflow.version !== b.workflow.version],
    ['model', a.model !== b.model],
    ['lane', a.lane !== b.lane],
    ['lessons', a.lessons !== b.lessons],
    ['scoring', a.scoring !== b.scoring],
    ['items', a.itemsRun !== b.itemsRun],
  ];
  return checks.filter(([, differ]) => differ).map(([name]) => name);
}

function fieldChanges(baseline: EvalReport, current: EvalReport): EvalFieldChange[] {
  const before = new Map(baseline.summary.fields.map((field) => [field.field, field.f1]));
  const after = new Map(current.summary.fields.map((field) => [field.field, field.f1]));
  return [...new Set([...before.keys(), ...after.keys()])].sort(byCode).map((field): EvalFieldChange => {
    const [was, now] = [before.get(field), after.get(field)];
    if (was === undefined) return { type: 'current-only', field, current: now ?? 0 };
    if (now === undefined) return { type: 'baseline-only', field, baseline: was };
    return { type: 'both', field, ...change(was, now) };
  });
}

/**
 * Compares a run with its baseline: the overall F1, each field's F1 (fields of one run only are shown
 * as such and never count as drops), and the DocuBench score when both runs have one. The verdict fails
 * when any of them fell by more than `maxDrop` (a fall of exactly `maxDrop` passes). Pure; fields in
 * order of path, drops overall first, then DocuBench, then fields.
 *
 * @throws EvalOptionError when `maxDrop` is not a number from 0 to 1.
 */
export function compareEvalReports(options: CompareEvalReportsOptions): EvalComparison {
  const maxDrop = options.maxDrop ?? DEFAULT_MAX_DROP;
  if (typeof maxDrop !== 'number' || !Number.isFinite(maxDrop) || maxDrop < 0 || maxDrop > 1)
    throw new EvalOptionError({
      option: 'maxDrop',
      detail: 'must be a number from 0 to 1 (an F1 difference)',
    });
  const { baseline, current } = options;
  const overall = change(baseline.summary.overall.f1, current.summary.overall.f1);
  const docubench =
    baseline.summary.docubench === null || current.summary.docubench === null
      ? null
      : change(baseline.summary.docubench, current.summary.docubench);
  const fields = fieldChanges(baseline, current);

  const fell = (figure: EvalChange) => -figure.delta > maxDrop + EPSILON;
  const drops: EvalDrop[] = [
    ...(fell(overall) ? [{ type: 'overall' as const, ...overall }] : []),
    ...(docubench !== null && fell(docubench) ? [{ type: 'docubench' as const, ...docubench }] : []),
    ...fields.flatMap((field): EvalDrop[] =>
      field.type === 'both' && fell(field)
        ? [
            {
              type: 'field',
              field: field.field,
              baseline: field.baseline,
              current: field.current,
              delta: field.delta,
            },
          ]
        : [],
    ),
  ];
  const [before, after] = [comparedRun(baseline), comparedRun(current)];
  return {
    baseline: before,
    current: after,
    maxDrop,
    differs: differs(before, after),
    overall,
    docubench,
    fields,
    verdict: drops.length === 0 ? { type: 'pass' } : { type: 'fail', drops },
  };
}
