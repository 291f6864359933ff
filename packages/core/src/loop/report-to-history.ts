import type { HistoryKey, HistoryStore } from '../history/history-store';
import type { Lesson } from '../history/lesson';
import { cut } from '../issues/excerpt';
import type { Issue } from '../issues/issue';
import { issueSignature } from '../issues/issue-signature';
import type { AnyWorkflow } from '../workflow/define-workflow';
import type { ExtractWarning } from './extract-options';

/** Options of {@link reportToHistory}. */
export interface ReportToHistoryOptions {
  /** Where failed attempts report their issue signatures; nothing is reported without it. */
  readonly history:
    | { readonly store: HistoryStore; readonly key: HistoryKey; readonly countsFirstAttempt?: boolean }
    | undefined;
  readonly issues: readonly Issue[];
  /** The lessons the job was shown, counted against on its first attempt. */
  readonly lessons: readonly Lesson[];
  /** Number of the failed attempt, for the warning. */
  readonly attempt: number;
  readonly workflow: AnyWorkflow;
  readonly onWarning: (warning: ExtractWarning) => void;
}

/**
 * Records each distinct issue signature of a failed attempt (with a short example) in the error
 * history, and, on a counted job's first attempt, its errors against the lessons it was shown (in
 * the same write). A failed write only warns (`history_write_failed`): the extraction goes on.
 */
export async function reportToHistory(options: ReportToHistoryOptions): Promise<void> {
  const { history, issues, workflow } = options;
  if (!history) return;
  // One entry per signature, in order of first appearance, with the message of its first issue.
  const examples = new Map<string, string>();
  for (const issue of issues) {
    const signature = issueSignature(issue);
    if (!examples.has(signature)) examples.set(signature, cut(issue.message, 200));
  }
  const observations = [...examples].map(([signature, example]) => ({ signature, example }));
  try {
    if (options.attempt === 1 && history.countsFirstAttempt) {
      const shown = options.lessons.map((lesson) => lesson.signature);
      await history.store.record(history.key, observations, { shown });
    } else {
      await history.store.record(history.key, observations);
    }
  } catch (cause) {
    options.onWarning({
      code: 'history_write_failed',
      message: `Could not record the issues of attempt ${options.attempt} in the error history of ${workflow.name}@v${workflow.version}`,
      cause,
    });
  }
}
