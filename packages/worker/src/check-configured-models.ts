import { type ModelTable, modelSpecOf, type RetirementNotice, retirementNotices } from '@quarry/core';
import type { Logger } from 'pino';
import { RetiredModelError } from './retired-model-error';

/** Options of {@link checkConfiguredModels}. */
export interface CheckConfiguredModelsOptions {
  /** From `configuredModels`. */
  readonly models: readonly string[];
  readonly table: ModelTable;
  /** ms since the epoch. */
  readonly now: number;
  readonly log: Logger;
}

/**
 * The start-up check of the configured models: logs a warning for each model retiring within 30
 * days and for each model without a table entry (its costs are null), and refuses a retired one.
 * @throws RetiredModelError naming every configured model past its retirement date.
 */
export function checkConfiguredModels(options: CheckConfiguredModelsOptions): void {
  const { log } = options;
  const notices = retirementNotices({ models: options.models, table: options.table, now: options.now });
  const retired = notices.filter(
    (notice): notice is Extract<RetirementNotice, { kind: 'retired' }> => notice.kind === 'retired',
  );
  if (retired.length > 0) throw new RetiredModelError({ notices: retired });
  for (const notice of notices) {
    if (notice.kind === 'retiring')
      log.warn(
        { model: notice.model, retiresOn: notice.retiresOn, daysLeft: notice.daysLeft },
        notice.message,
      );
  }
  for (const model of options.models) {
    if (modelSpecOf(model, options.table) === null)
      log.warn(
        { model },
        'configured model has no entry in the model table: its costs are null and cost budgets do not apply (see docs/models.md)',
      );
  }
}

/** The `/readyz` warnings about configured models: each one retiring within 30 days, worded for people. */
export function modelWarnings(options: Omit<CheckConfiguredModelsOptions, 'log'>): string[] {
  return retirementNotices({ models: options.models, table: options.table, now: options.now }).map(
    (notice) => notice.message,
  );
}
