import type { EffortSetting } from './effort-setting';
import { type Effort, effortLevels, type ModelSpec } from './model-spec';

/**
 * The effort of every attempt of one job, decided before the first call:
 * - `none`: the model takes no `output_config.effort` (its table entry has no default effort, or it
 *   is not in the table), so none is sent;
 * - `fixed`: every attempt at `effort`;
 * - `ladder`: the first attempt at `start`, each failed one a level higher, up to `top`.
 */
export type EffortPlan =
  | { readonly kind: 'none' }
  | { readonly kind: 'fixed'; readonly effort: Effort }
  | { readonly kind: 'ladder'; readonly start: Effort; readonly top: Effort };

/** Options of {@link effortPlanOf}. */
export interface EffortPlanOfOptions {
  /** The table entry of the model asked; null when the model is not in the table. */
  readonly spec: ModelSpec | null;
  /** The workflow's `effort`. */
  readonly workflow?: EffortSetting | undefined;
  /** The job's `effort`; wins over the workflow's. */
  readonly job?: Effort | undefined;
}

/** The higher of two effort levels. */
export const higherEffort = (a: Effort, b: Effort): Effort =>
  effortLevels.indexOf(a) >= effortLevels.indexOf(b) ? a : b;

/**
 * Decides the effort plan: nothing for a model without a default effort; else the job's level, the
 * workflow's level, the workflow's ladder (from `start` up to the model's default, or `start` itself
 * when that is higher), or the model's default from the table.
 */
export function effortPlanOf(options: EffortPlanOfOptions): EffortPlan {
  const fallback = options.spec?.defaultEffort ?? null;
  if (fallback === null) return { kind: 'none' };
  if (options.job !== undefined) return { kind: 'fixed', effort: options.job };
  const setting = options.workflow;
  if (setting === undefined) return { kind: 'fixed', effort: fallback };
  if (typeof setting === 'string') return { kind: 'fixed', effort: setting };
  return { kind: 'ladder', start: setting.start, top: higherEffort(setting.start, fallback) };
}
