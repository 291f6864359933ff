import { textTable } from '@quarry/env';
import { type ReplayReport, triageDefaults, workflowLabel } from '@quarry/triage';
import type { CliContext } from '../cli-context';

/** Rows a dry run shows. */
const SAMPLE_ROWS = triageDefaults.sampleSize;

/** Prints a replay report: one JSON object with `--json`, else a summary line and tables. */
export function printReplayReport(report: ReplayReport, json: boolean, context: CliContext): void {
  if (json) {
    context.stdout(
      `${JSON.stringify({
        matched: report.matched,
        replayed: report.replayed,
        skipped: report.skipped.map(({ dlqId, why }) => ({ dlqId, why })),
        jobs: report.jobs,
        failed: report.failed,
        ...(report.dryRun ? { dryRun: true, planned: report.planned } : {}),
      })}\n`,
    );
    return;
  }
  const out: string[] = [];
  if (report.dryRun) {
    out.push(
      `Dry run: ${report.matched} matched, ${report.planned.length} would be replayed, ${report.skipped.length} skipped, ${report.failed.length} cannot be replayed; nothing was changed.`,
    );
    if (report.planned.length > 0) {
      out.push(
        '',
        textTable({
          head: ['DLQ ID', 'REASON', 'REPLAY AS', 'REDRIVE', 'NEW JOB'],
          rows: report.planned
            .slice(0, SAMPLE_ROWS)
            .map((plan) => [
              plan.dlqId,
              plan.reason,
              workflowLabel(plan.workflow, plan.version),
              String(plan.redriveCount),
              plan.newJobId,
            ]),
          maxWidth: 90,
        }),
      );
      if (report.planned.length > SAMPLE_ROWS) out.push(`… and ${report.planned.length - SAMPLE_ROWS} more`);
    }
  } else {
    out.push(
      `Replayed ${report.replayed} of ${report.matched} matched; ${report.skipped.length} skipped, ${report.failed.length} failed.`,
    );
    if (report.jobs.length > 0) {
      out.push(
        '',
        textTable({
          head: ['DLQ ID', 'NEW JOB'],
          rows: report.jobs.map((job) => [job.dlqId, job.newJobId]),
          maxWidth: 90,
        }),
      );
    }
  }
  if (report.skipped.length > 0) {
    out.push(
      '',
      'Skipped:',
      textTable({
        head: ['DLQ ID', 'WHY'],
        rows: report.skipped.map((skip) => [skip.dlqId, skip.why]),
        maxWidth: 120,
      }),
    );
  }
  if (report.failed.length > 0) {
    out.push(
      '',
      'Not replayed:',
      textTable({
        head: ['DLQ ID', 'PROBLEM'],
        rows: report.failed.map((fail) => [fail.dlqId, fail.error]),
        maxWidth: 160,
      }),
    );
  }
  context.stdout(`${out.join('\n')}\n`);
}
