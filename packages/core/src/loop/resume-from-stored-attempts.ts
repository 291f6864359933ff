import type { AttemptRecord } from '../attempts/attempt-record';
import type { Grounder } from '../grounding/grounder';
import type { Issue } from '../issues/issue';
import { RULE_ERROR } from '../issues/rule-error-issue';
import { type ReplyValidation, validateReply } from '../validation/validate-reply';
import type { AnyWorkflow } from '../workflow/define-workflow';
import type { ExtractWarning, StoredAttemptsOptions } from './extract-options';
import { fatalRuleIssues } from './fatal-rule-issues';
import { loadStoredAttempts } from './load-stored-attempts';
import { responseFromRecord } from './response-from-record';

/** A reply that passed every check. */
export type ValidReply = Extract<ReplyValidation, { outcome: 'valid' }>;

/** How a job goes on after its stored attempts. */
export type Resumption =
  /** Ask the model; `failed` is the attempt whose issues the next request reports (null: none). */
  | { readonly outcome: 'ask'; readonly failed: AttemptRecord | null }
  /** The last stored reply is valid after all. */
  | ValidReply
  | { readonly outcome: 'refused'; readonly issues: readonly Issue[] }
  /** A fatal rule failed; `issues` are every issue of the last reply. */
  | { readonly outcome: 'fatal'; readonly issues: readonly Issue[] };

/** Options of {@link resumeFromStoredAttempts}. */
export interface ResumeFromStoredAttemptsOptions {
  readonly attempts: StoredAttemptsOptions;
  readonly workflow: AnyWorkflow;
  /** Already validated against `workflow.input`. */
  readonly input: unknown;
  readonly toolName: string;
  /** Grounds the last stored reply when it is validated again. */
  readonly grounding?: { readonly grounder: Grounder; readonly document: string; readonly locale?: string };
  readonly onWarning: (warning: ExtractWarning) => void;
}

/**
 * Loads what an earlier run of the job stored (records of another input are discarded, see
 * `loadStoredAttempts`) and decides how it goes on. A last reply that was
 * refused or failed a fatal rule ends the job; one whose rules could not run (only `rule_error`
 * issues) or that had no issues is validated again rather than paid for again.
 *
 * @throws RuleCheckError when a rule throws while the last reply is validated again.
 */
export async function resumeFromStoredAttempts(
  options: ResumeFromStoredAttemptsOptions,
): Promise<{ readonly records: AttemptRecord[]; readonly used: number; readonly next: Resumption }> {
  const { attempts, workflow, toolName } = options;
  const { records, used } = await loadStoredAttempts({ attempts, onWarning: options.onWarning });
  const last = records.at(-1);
  if (!last) return { records, used, next: { outcome: 'ask', failed: null } };
  if (last.stopReason === 'refusal')
    return { records, used, next: { outcome: 'refused', issues: last.issues } };
  if (fatalRuleIssues(workflow, last.issues).length > 0) {
    return { records, used, next: { outcome: 'fatal', issues: last.issues } };
  }
  // A reply whose rules could not run was never judged: check it again rather than ask anew.
  const unchecked = last.issues.length > 0 && last.issues.every((issue) => issue.code === RULE_ERROR);
  if (last.issues.length > 0 && !unchecked) return { records, used, next: { outcome: 'ask', failed: last } };
  const again = await validateReply({
    response: responseFromRecord(last, toolName),
    workflow,
    input: options.input,
    strategy: last.strategy,
    toolName,
    ...(options.grounding ? { grounding: options.grounding } : {}),
  });
  switch (again.outcome) {
    case 'valid':
    case 'refused':
    case 'fatal':
      return { records, used, next: again };
    case 'invalid':
      return { records, used, next: { outcome: 'ask', failed: { ...last, issues: [...again.issues] } } };
  }
}
