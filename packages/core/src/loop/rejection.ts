import type { AttemptRecord } from '../attempts/attempt-record';
import { ExtractionRejectedError, type RejectedKind } from '../errors/extraction-rejected-error';
import type { Issue } from '../issues/issue';
import type { AnyWorkflow } from '../workflow/define-workflow';
import { attemptTotals } from './attempt-totals';
import { fatalRuleIssues, fatalRuleMessage } from './fatal-rule-issues';

/**
 * The error that ends a job at once: `refused` (naming the category the last reply's refusal gave,
 * when it gave one) or `fatal_rule` (naming the fatal rules that failed), with every attempt so far.
 */
export function rejection(options: {
  readonly kind: RejectedKind;
  readonly workflow: AnyWorkflow;
  readonly records: readonly AttemptRecord[];
  readonly issues: readonly Issue[];
}): ExtractionRejectedError {
  const { kind, records, issues } = options;
  const category = kind === 'refused' ? (records.at(-1)?.refusalCategory ?? null) : null;
  const message =
    kind === 'fatal_rule'
      ? fatalRuleMessage(fatalRuleIssues(options.workflow, issues))
      : `The model refused to answer${category ? ` (${category})` : ''}`;
  return new ExtractionRejectedError({
    kind,
    message,
    records: [...records],
    issues,
    refusalCategory: category,
    ...attemptTotals(records),
  });
}
