import { issueSignature } from '@quarry/core';
import { type DlqRecord, dlqIssueCounts } from '@quarry/queue';

/** The issue a record's attempts had most often, as its latest attempt with it put it. */
export interface TopIssue {
  readonly source: string;
  /** Dotted path of the field (`''` for the whole value). */
  readonly path: string;
  readonly message: string;
  /** Issues of this signature over every attempt. */
  readonly count: number;
}

/**
 * The most frequent issue signature over every attempt (ties by signature, as the DLQ indexes rank
 * them), with the path and message of its latest occurrence; null when no attempt had an issue.
 */
export function topIssueOf(record: Pick<DlqRecord, 'attempts'>): TopIssue | null {
  const top = dlqIssueCounts(record)[0];
  if (!top) return null;
  for (const attempt of [...record.attempts].reverse()) {
    const issue = attempt.issues.find((candidate) => issueSignature(candidate) === top.signature);
    if (issue) return { source: issue.source, path: issue.path, message: issue.message, count: top.count };
  }
  return null;
}

/** `path: message` of a top issue, `(root)` for the whole value. */
export function topIssueText(issue: TopIssue): string {
  return `${issue.path || '(root)'}: ${issue.message}`;
}
