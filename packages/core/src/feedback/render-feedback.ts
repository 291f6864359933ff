import { cut } from '../issues/excerpt';
import type { Issue } from '../issues/issue';

/** An earlier failed attempt, summarised by the signatures of its issues. */
export interface EarlierAttempt {
  readonly n: number;
  readonly signatures: readonly string[];
}

export interface RenderFeedbackOptions {
  /** Issues of the latest failed reply. */
  readonly issues: readonly Issue[];
  /** Attempts before the latest one, one summary line each. */
  readonly earlier?: readonly EarlierAttempt[];
  /** Issue lines before "…and N more". Default 20. */
  readonly maxLines?: number;
}

/** Signatures listed on one earlier-attempt line before "+N more". */
const signaturesPerLine = 8;

/**
 * The message telling the model what was wrong with its reply: one line per issue (path or
 * `(root)`, what was expected, an excerpt of what was received), de-duplicated and capped at
 * `maxLines` followed by "…and N more"; then at most one line per earlier attempt listing the
 * signatures it failed on. Deterministic for the same input.
 */
export function renderFeedback(options: RenderFeedbackOptions): string {
  const maxLines = options.maxLines ?? 20;
  const lines = [...new Set(options.issues.map(issueLine))];
  const shown = lines.slice(0, Math.max(0, maxLines));
  const out = [
    `Your reply was rejected. ${lines.length === 1 ? 'One problem' : `${lines.length} problems`} to fix:`,
    ...shown,
  ];
  if (lines.length > shown.length) out.push(`…and ${lines.length - shown.length} more`);
  const earlier = options.earlier ?? [];
  if (earlier.length > 0) {
    out.push('Earlier attempts failed on:');
    for (const attempt of earlier) out.push(earlierLine(attempt));
  }
  out.push('Reply again with the complete corrected output, keeping everything that was already right.');
  return out.join('\n');
}

function issueLine(issue: Issue): string {
  const where = issue.path === '' ? '(root)' : issue.path;
  const received = issue.received === undefined ? '' : ` (received: ${issue.received})`;
  return `- ${where}: ${cut(issue.message, 200)}${received}`;
}

function earlierLine(attempt: EarlierAttempt): string {
  const unique = [...new Set(attempt.signatures)];
  const listed = unique.slice(0, signaturesPerLine).join(', ');
  const more = unique.length > signaturesPerLine ? ` +${unique.length - signaturesPerLine} more` : '';
  return `- attempt ${attempt.n}: ${listed === '' ? '(no issues recorded)' : listed}${more}`;
}
