import type { RuleCheckError } from '../errors/rule-check-error';
import type { Issue } from './issue';

/** The issue an attempt carries when a rule threw while checking it: the reply was never fully checked. */
export function ruleErrorIssue(error: RuleCheckError): Issue {
  return {
    source: 'rule',
    path: '',
    code: RULE_ERROR,
    ruleId: error.ruleId,
    message: `Rule "${error.ruleId}" failed to run; the reply was not fully checked`,
  };
}

/** Issue code of an attempt whose rules could not run (see {@link ruleErrorIssue}). */
export const RULE_ERROR = 'rule_error';
