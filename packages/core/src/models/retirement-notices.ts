import type { ModelTable } from './model-spec';
import { modelSpecOf } from './model-spec-of';

/** Days before a model's retirement date from which a configured model is warned about. */
export const retirementWarningDays = 30;

/**
 * A configured model that retired (its date has come: the API answers errors) or retires within
 * {@link retirementWarningDays} days.
 */
export type RetirementNotice =
  | {
      readonly kind: 'retired';
      readonly model: string;
      readonly name: string;
      readonly retiresOn: string;
      readonly message: string;
    }
  | {
      readonly kind: 'retiring';
      readonly model: string;
      readonly name: string;
      readonly retiresOn: string;
      /** Whole days from today (UTC) to the retirement date, 1 to {@link retirementWarningDays}. */
      readonly daysLeft: number;
      readonly message: string;
    };

const dayMs = 86_400_000;

/** Options of {@link retirementNotices}. */
export interface RetirementNoticesOptions {
  /** Model ids in use (duplicates are reported once). */
  readonly models: readonly string[];
  readonly table: ModelTable;
  /** The current time, ms since the epoch. */
  readonly now: number;
  /** Default {@link retirementWarningDays}. */
  readonly warningDays?: number;
}

/**
 * Notices for the models past or near their `retiresOn` (a UTC date: the model is retired from that
 * day on). Models without an entry or a date get none.
 */
export function retirementNotices(options: RetirementNoticesOptions): RetirementNotice[] {
  const warningDays = options.warningDays ?? retirementWarningDays;
  const today = Math.floor(options.now / dayMs);
  const notices: RetirementNotice[] = [];
  for (const model of new Set(options.models)) {
    const spec = modelSpecOf(model, options.table);
    if (!spec?.retiresOn) continue;
    const { retiresOn, name } = spec;
    const daysLeft = Math.round(Date.parse(`${retiresOn}T00:00:00Z`) / dayMs) - today;
    const label = `${JSON.stringify(model)} (${name})`;
    if (daysLeft <= 0) {
      notices.push({
        kind: 'retired',
        model,
        name,
        retiresOn,
        message: `Model ${label} retired on ${retiresOn}: the API rejects it. Configure a current model (see docs/models.md).`,
      });
    } else if (daysLeft <= warningDays) {
      notices.push({
        kind: 'retiring',
        model,
        name,
        retiresOn,
        daysLeft,
        message: `Model ${label} retires on ${retiresOn}, in ${daysLeft} day${daysLeft === 1 ? '' : 's'}; move to a current model before then (see docs/models.md).`,
      });
    }
  }
  return notices;
}
