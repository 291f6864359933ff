import {
  isExplicitSelection,
  overridesFromText,
  type ReplayOptions,
  type ReplayReport,
  selectorsFromText,
} from '@quarry/triage';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import { replayProgressBar } from '../replay-progress-bar';
import { UsageError } from '../usage-error';
import type { ReplayDlqFlags } from './replay-dlq-command';
import { printReplayReport } from './replay-report-text';
import { withTriage } from './with-triage';

/** What a replay without a narrowing selector is told (`--limit` alone does not choose records). */
const noSelectionProblem =
  'choose the records to replay with --ids, --fingerprint, --workflow, --reason, --since or --until, or pass --all';

/** Runs `quarry replay-dlq`. */
export async function replayDlq(
  flags: z.output<typeof ReplayDlqFlags>,
  context: CliContext,
): Promise<number> {
  const selectors = selectorsFromText(flags, Date.now());
  if (!isExplicitSelection(selectors)) throw new UsageError(noSelectionProblem);
  const replay: ReplayOptions = {
    selectors,
    overrides: overridesFromText({
      toVersion: flags.toVersion,
      model: flags.model,
      maxAttempts: flags.maxAttempts,
    }),
    force: flags.force,
    ...(flags.rate === undefined ? {} : { rate: flags.rate }),
    ...(flags.concurrency === undefined ? {} : { concurrency: flags.concurrency }),
  };
  return withTriage(context, 'replay-dlq', async (triage) => {
    const plan = await triage.replayDlq({ ...replay, dryRun: true });
    if (flags.dryRun || plan.planned.length === 0) {
      printReplayReport(plan, flags.json, context);
      return plan.failed.length > 0 ? exitCodes.failure : exitCodes.ok;
    }
    if (!flags.yes) {
      const what = `${plan.planned.length} of ${plan.matched} matched record(s)`;
      if (!context.terminal) {
        context.stderr(
          `quarry replay-dlq: refusing to replay ${what} without confirmation; no terminal to ask on, pass --yes (or --dry-run to look first)\n`,
        );
        return exitCodes.failure;
      }
      const answer = await context.terminal.ask(`Replay ${what} as new jobs? [y/N] `);
      if (!/^y(es)?$/i.test(answer.trim())) {
        context.stderr('quarry replay-dlq: nothing was replayed\n');
        return exitCodes.failure;
      }
    }
    const progress = context.terminal ? replayProgressBar(context.terminal) : undefined;
    let report: ReplayReport;
    try {
      report = await triage.replayDlq({
        ...replay,
        ...(progress ? { onProgress: (step) => progress.update(step) } : {}),
      });
    } finally {
      progress?.stop();
    }
    printReplayReport(report, flags.json, context);
    return report.failed.length > 0 ? exitCodes.failure : exitCodes.ok;
  });
}
