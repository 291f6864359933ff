import { type AttemptRecord, issueSignature } from '@quarry/core';
import { dlqReasonLabel } from './dlq-reason-label';
import type { DlqRecord } from './dlq-record';

/** Issue signatures an attempt's log line names before "+N more". */
const LOGGED_SIGNATURES = 3;

/** Stop reasons that say nothing beyond "the model answered". */
const ORDINARY_STOPS = new Set(['end_turn', 'tool_use', 'stop_sequence']);

/**
 * The BullMQ job name of a DLQ record, readable at a glance in queue dashboards:
 * `<workflow>@v<version> · <reason label>` (`?` for an unknown version; `refused:cyber` for a
 * categorised refusal).
 */
export function dlqJobName(record: Pick<DlqRecord, 'workflow' | 'version' | 'reason'>): string {
  return `${record.workflow || '(no workflow)'}@v${record.version ?? '?'} · ${dlqReasonLabel(record.reason)}`;
}

/**
 * One job-log line per attempt of a DLQ record: number, duration, issue summary and tokens, e.g.
 * `attempt 2 · 1.4 s · 2 issues: schema:total:invalid_type, rule:sum:sum · 1200 in / 310 out tokens`.
 * Issue messages are left out: they may quote the document.
 */
export function attemptLogLine(attempt: AttemptRecord): string {
  const signatures = [...new Set(attempt.issues.map(issueSignature))];
  const shown = signatures.slice(0, LOGGED_SIGNATURES).join(', ');
  const more = signatures.length > LOGGED_SIGNATURES ? ` +${signatures.length - LOGGED_SIGNATURES} more` : '';
  const issues =
    attempt.issues.length === 0
      ? 'no issues'
      : `${attempt.issues.length} issue${attempt.issues.length === 1 ? '' : 's'}: ${shown}${more}`;
  const category = attempt.refusalCategory ? ` (${attempt.refusalCategory})` : '';
  const stop =
    attempt.stopReason && !ORDINARY_STOPS.has(attempt.stopReason)
      ? ` · stop ${attempt.stopReason}${category}`
      : '';
  const { usage } = attempt;
  const cache = usage.cacheReadInputTokens > 0 ? ` (+${usage.cacheReadInputTokens} cached)` : '';
  return `attempt ${attempt.n} · ${(attempt.durationMs / 1000).toFixed(1)} s · ${issues}${stop} · ${usage.inputTokens} in${cache} / ${usage.outputTokens} out tokens`;
}
