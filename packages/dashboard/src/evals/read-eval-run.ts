import { EvalReport } from '@quarry/eval';
import type { EvalRunListing, EvalRunStore } from '@quarry/queue';

/** Most problems named of a report that `EvalReport` refuses. */
const MAX_PROBLEMS = 5;

/**
 * A stored evaluation run as the Evals pages read it: `found` (its listing and its report, checked by
 * `EvalReport`), `unreadable` (its stored JSON, or its report, is not what it should be; the listing
 * when it is readable) or `missing` (no such run, or an id that is no run id).
 */
export type EvalRunRead =
  | { readonly type: 'found'; readonly listing: EvalRunListing; readonly report: EvalReport }
  | {
      readonly type: 'unreadable';
      readonly runId: string;
      readonly listing: EvalRunListing | null;
      readonly problems: readonly string[];
    }
  | { readonly type: 'missing'; readonly runId: string };

/** Reads one stored run and checks its report; never throws for what is stored. */
export async function readEvalRun(options: {
  readonly runs: EvalRunStore;
  readonly runId: string;
}): Promise<EvalRunRead> {
  const { runId } = options;
  const stored = await options.runs.read(runId);
  if (stored === null) return { type: 'missing', runId };
  if ('problem' in stored) return { type: 'unreadable', runId, listing: null, problems: [stored.problem] };
  const report = EvalReport.safeParse(stored.report);
  if (!report.success) {
    const problems = report.error.issues
      .slice(0, MAX_PROBLEMS)
      .map((issue) => `${issue.path.join('.') || '(report)'}: ${issue.message}`);
    return { type: 'unreadable', runId, listing: stored.listing, problems };
  }
  return { type: 'found', listing: stored.listing, report: report.data };
}
