import { terminalText, textTable } from '@quarry/env';
import { EvalRunStore } from '@quarry/queue';
import { costLabel, workflowLabel } from '@quarry/triage';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { cliTime } from '../cli-time';
import { exitCodes } from '../exit-codes';
import type { EvalRunsFlags } from './eval-runs-command';
import { withQueueService } from './with-queue-service';

/** Runs `quarry eval runs`. */
export async function evalRuns(flags: z.output<typeof EvalRunsFlags>, context: CliContext): Promise<number> {
  const { runs, unreadable } = await withQueueService(
    context,
    'eval runs',
    (redis, keys) => new EvalRunStore({ redis, keys }),
    (store) => store.list({ limit: flags.limit ?? 50 }),
  );
  for (const runId of unreadable)
    context.stderr(`warning: run ${terminalText(runId)} is unreadable; skipped\n`);
  if (flags.json) {
    context.stdout(`${JSON.stringify({ runs })}\n`);
    return exitCodes.ok;
  }
  context.stdout(
    `${textTable({
      head: ['RUN', 'STORED', 'SET', 'WORKFLOW', 'ITEMS', 'F1', 'COST'],
      rows: runs.map((run) => [
        run.runId,
        cliTime(run.storedAt),
        run.set,
        workflowLabel(run.workflow, run.version),
        String(run.items),
        run.f1 === null ? '-' : run.f1.toFixed(3),
        costLabel(run.costUsd),
      ]),
    })}\n`,
  );
  context.stderr(`${runs.length} run(s)\n`);
  return exitCodes.ok;
}
