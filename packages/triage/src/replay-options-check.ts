import { isExplicitSelection } from './dlq-selectors';
import { ReplayOptionsError } from './errors/replay-options-error';
import { SelectorError } from './errors/selector-error';
import { ReplayOverrides } from './replay-overrides';
import type { ReplayOptions } from './triage';
import { triageDefaults } from './triage-defaults';

/**
 * Checks a replay's options before anything is read: overrides, concurrency (1-64), rate (> 0) and an
 * explicit selection.
 * @throws ReplayOptionsError listing every bad option; SelectorError when nothing was selected.
 */
export function checkReplayOptions(replay: ReplayOptions): {
  overrides: ReplayOverrides;
  concurrency: number;
} {
  const problems: string[] = [];
  const overrides = ReplayOverrides.safeParse(replay.overrides ?? {});
  if (!overrides.success) {
    for (const issue of overrides.error.issues)
      problems.push(`${issue.path.join('.') || 'overrides'}: ${issue.message}`);
  }
  const concurrency = replay.concurrency ?? triageDefaults.concurrency;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    problems.push(`concurrency must be an integer from 1 to 64, got ${concurrency}`);
  }
  if (replay.rate !== undefined && !(Number.isFinite(replay.rate) && replay.rate > 0)) {
    problems.push(`rate must be a positive number of jobs per second, got ${replay.rate}`);
  }
  if (problems.length > 0 || !overrides.success) throw new ReplayOptionsError({ problems });
  if (!isExplicitSelection(replay.selectors)) {
    throw new SelectorError({
      problems: ['choose the records to replay: ids, fingerprint, workflow, reason, since/until, or all'],
    });
  }
  return { overrides: overrides.data, concurrency };
}
