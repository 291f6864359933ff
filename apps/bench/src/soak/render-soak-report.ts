import type { SoakReport } from './soak-report';

/** The soak's accounting table, disruptions and discrepancies as text. */
export function renderSoakReport(report: SoakReport): string {
  const { rows, discrepancies } = report.accounting;
  const labelWidth = Math.max(...rows.map((row) => row.label.length));
  const valueWidth = Math.max(...rows.map((row) => String(row.value).length));
  const lines = [
    `Soak: ${report.options.jobs} jobs (${report.options.lane} lane, ${Math.round(report.options.documentShare * 100)} % PDFs), ${report.options.workers} workers × ${report.options.concurrency}, ${report.seconds} s`,
    '',
    ...rows.map((row) => {
      const check =
        row.expected === undefined
          ? ''
          : row.ok
            ? `  ok (must be ${row.expected})`
            : `  FAIL (must be ${row.expected})`;
      return `${row.label.padEnd(labelWidth)}  ${String(row.value).padStart(valueWidth)}${check}`;
    }),
    '',
    'Disruptions:',
    ...report.chaos.map(
      (event) =>
        `  ${event.atSeconds} s, ${Math.round(event.progress * 100)} % done: ${
          event.kind === 'kill-worker' ? `SIGKILL worker ${event.worker}, restarted` : 'Redis restarted'
        }`,
    ),
    `Stand-in answers by status: ${JSON.stringify(report.standin.byStatus)}; client went away: ${report.standin.aborted}`,
  ];
  const { batches } = report.standin;
  if (batches.created > 0) {
    lines.push(
      `Stand-in batches: ${batches.created} created (${batches.droppedCreateResponses} create responses dropped), entries ${JSON.stringify(batches.results)}`,
    );
  }
  const problems = [...report.problems, ...discrepancies];
  if (problems.length > 0) {
    lines.push('', `DISCREPANCIES (${problems.length}):`, ...problems.map((problem) => `  ${problem}`));
    if (report.logDir) lines.push(`Worker logs kept in ${report.logDir}`);
  } else {
    lines.push('', 'Every job is accounted for; no call was paid twice; no blob was lost or leaked.');
  }
  return lines.join('\n');
}
