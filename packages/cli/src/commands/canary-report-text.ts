import { terminalText, textTable } from '@quarry/env';
import type { CanaryRecordResult, CanaryReport } from '../eval/canary-report';

const percent = (share: number) => `${Math.round(share * 100)} %`;

/** The records of one outcome. */
const withOutcome = <O extends CanaryRecordResult['outcome']>(report: CanaryReport, outcome: O) =>
  report.records.filter(
    (record): record is Extract<CanaryRecordResult, { outcome: O }> => record.outcome === outcome,
  );

/**
 * A canary report as text: a headline, the counts and share, then a table per outcome (every cell
 * escaped by `textTable`) and what became of the canary's own dead letters.
 */
export function canaryReportText(report: CanaryReport): string {
  const { summary, workflow } = report;
  const on = [
    `${workflow.name}@${workflow.version}`,
    report.model ? `model ${report.model}` : null,
    report.lane ? `${report.lane} lane` : null,
  ]
    .filter((part) => part !== null)
    .join(', ');
  const out = [
    `Canary ${report.runId} on ${on}: ${summary.selected} selected record(s)`,
    `${summary.completes} would complete (${summary.needsReview} needing review), ${summary.fails} still fail(s), ${summary.notRun} could not run` +
      (summary.completeShare === null
        ? '.'
        : `: ${percent(summary.completeShare)} of the selected records would complete.`),
  ];
  if (summary.costUsd !== null && summary.costUsd > 0)
    out.push(`Cost of the canary jobs: $${summary.costUsd.toFixed(4)}`);
  const completes = withOutcome(report, 'completes');
  if (completes.length > 0) {
    out.push(
      '',
      'Would complete:',
      textTable({
        head: ['DLQ ID', 'WAS', 'ATTEMPTS', 'REVIEW'],
        rows: completes.map((record) => [
          record.dlqId,
          record.was,
          String(record.attempts),
          record.needsReview ? `needs review: ${record.reviewReasons.join('; ')}` : '-',
        ]),
        maxWidth: 100,
      }),
    );
  }
  const fails = withOutcome(report, 'fails');
  if (fails.length > 0) {
    out.push(
      '',
      'Still fails:',
      textTable({
        head: ['DLQ ID', 'WAS', 'NOW', 'TOP ISSUE'],
        rows: fails.map((record) => [
          record.dlqId,
          record.was,
          record.reason.label,
          record.topIssue
            ? `${record.topIssue.path || '(root)'}: ${record.topIssue.message}`
            : record.reason.message,
        ]),
        maxWidth: 100,
      }),
    );
  }
  const notRun = withOutcome(report, 'not_run');
  if (notRun.length > 0) {
    out.push(
      '',
      'Could not run:',
      textTable({
        head: ['DLQ ID', 'WHY'],
        rows: notRun.map((record) => [record.dlqId, record.why]),
        maxWidth: 160,
      }),
    );
  }
  const kept = fails.filter((record) => !record.deadLetter.removed);
  if (fails.length > 0) {
    out.push(
      '',
      `The canary's own dead letters: ${fails.length - kept.length} read and removed, ${kept.length} kept.`,
      ...kept.map(
        (record) =>
          `  kept ${terminalText(record.deadLetter.dlqId)}: ${terminalText(record.deadLetter.kept ?? 'not removed')}`,
      ),
    );
  }
  out.push('The selected DLQ records were left as they were (nothing replayed).');
  return out.join('\n');
}
