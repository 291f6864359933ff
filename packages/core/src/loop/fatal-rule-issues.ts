import type { Issue } from '../issues/issue';
import type { AnyWorkflow } from '../workflow/define-workflow';

/** The issues raised by the workflow's rules of severity `fatal`. */
export function fatalRuleIssues(workflow: AnyWorkflow, issues: readonly Issue[]): Issue[] {
  return issues.filter(
    (issue) =>
      issue.source === 'rule' &&
      workflow.rules.some((rule) => rule.id === issue.ruleId && rule.severity === 'fatal'),
  );
}

/** The message of a `fatal_rule` rejection, naming the fatal rules that failed. */
export function fatalRuleMessage(issues: readonly Issue[]): string {
  const ids = [...new Set(issues.map((issue) => issue.ruleId ?? issue.code))];
  return `A fatal rule failed (${ids.join(', ')}); the data is not in the document`;
}
