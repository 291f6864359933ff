/** How a bench line ended. */
export type LineStatus = 'PASS' | 'FAIL' | 'NOT RUN';

/** One line of the bench table: Quarry and its baseline measured in the same run, and the verdict. */
export interface LineResult {
  readonly id: number;
  readonly title: string;
  /** What is compared, with its unit. */
  readonly metric: string;
  readonly quarry: number | null;
  readonly baseline: number | null;
  /** How the two compare (a ratio or a difference, see `comparison`). */
  readonly comparison: number | null;
  /** e.g. `Quarry / BullMQ`, `Quarry − BullMQ`. */
  readonly comparisonLabel: string;
  /** e.g. `≥ 0.85`. */
  readonly target: string;
  readonly status: LineStatus;
  /** Everything else measured, for the results file. */
  readonly details: Readonly<Record<string, unknown>>;
  /** Short remarks printed under the table. */
  readonly notes: readonly string[];
}

/** PASS when `value` meets `test`, FAIL otherwise (and when there is no value). */
export const verdict = (value: number | null, test: (value: number) => boolean): LineStatus =>
  value !== null && Number.isFinite(value) && test(value) ? 'PASS' : 'FAIL';

/** A line that could not be measured, with the reason. */
export function notRun(
  base: Pick<LineResult, 'id' | 'title' | 'metric' | 'comparisonLabel' | 'target'>,
  why: string,
): LineResult {
  return {
    ...base,
    quarry: null,
    baseline: null,
    comparison: null,
    status: 'NOT RUN',
    details: { reason: why },
    notes: [why],
  };
}
