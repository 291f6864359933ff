import { terminalText, textTable } from '@quarry/env';
import type { DlqSplit } from '@quarry/queue';
import { dlqReasonLabel } from '@quarry/queue';
import {
  costLabel,
  type DlqDetail,
  type DlqNextStep,
  dlqSplitPart,
  dlqWhy,
  splitChildRows,
  splitPagesLabel,
  splitPartText,
  splitPathsLabel,
  workflowLabel,
} from '@quarry/triage';
import { cliTime } from '../cli-time';

const indent = (text: string, by = '    ') => text.replace(/^/gm, by);

/** The next step as a line, or none. */
function nextLine(next: DlqNextStep): string[] {
  switch (next.kind) {
    case 'replay':
      return [`Next: ${next.command}`];
    case 'replay-forced':
      return [`Next: ${next.command}   (quarantined: its chain was redriven too often)`];
    case 'replayed':
      return [`Next: nothing; already replayed as job ${terminalText(next.jobId)}`];
    case 'none':
      return [];
  }
}

/**
 * The children of a split parent as a table under a heading: failed first, at most
 * `triageDefaults.splitChildRows`, and how many more there were. Cells are neutralised by the table.
 */
function childrenLines(split: DlqSplit): string[] {
  const view = splitChildRows(split);
  const lines = [
    '',
    `Children (${view.failed} of ${view.total} failed; split ${terminalText(split.splitId)}):`,
    indent(
      textTable({
        head: ['#', 'PAGES', 'FIELDS', 'STATUS', 'REASON', 'CALLS', 'COST'],
        rows: view.rows.map((child) => [
          String(child.index),
          splitPagesLabel(child.pages),
          splitPathsLabel(child.paths),
          child.status,
          child.reason ?? '-',
          String(child.attempts),
          costLabel(child.costUsd),
        ]),
        maxWidth: 60,
        alignRight: [0, 5, 6],
      }),
      '  ',
    ),
  ];
  if (view.more > 0) lines.push(`  … and ${view.more} more`);
  return [...lines, ''];
}

/**
 * The human form of a record with its chain, led by why it was dead-lettered, for a split job's
 * child where it sits (its parent job, pages and field group), for a split parent its children, and
 * the next step (a dry run of its replay). Every value from the record is shown on one line with its
 * control characters escaped, raw output and job data as blocks of lines ({@link terminalText}).
 */
export function renderDlqDetail(detail: DlqDetail): string {
  const { record, summary, chain } = detail;
  const facts: [string, string][] = [
    ['state', summary.state],
    ['workflow', workflowLabel(record.workflow, record.version)],
    ['reason', `${dlqReasonLabel(record.reason)}: ${record.reason.message}`],
    ['fingerprint', record.fingerprint],
    ['source job', `${record.sourceJobId} (${record.jobAttempts} job attempt(s))`],
    ['enqueued', cliTime(record.firstEnqueuedAt)],
    ['dead-lettered', cliTime(record.deadLetteredAt)],
    [
      'lineage',
      `root ${record.lineage.rootJobId}, redrive ${record.lineage.redriveCount}${record.lineage.replayOf ? `, replay of ${record.lineage.replayOf}` : ''}`,
    ],
    ...(record.replay
      ? ([['replayed', `as job ${record.replay.jobId} at ${cliTime(record.replay.replayedAt)}`]] as [
          string,
          string,
        ][])
      : []),
    [
      'totals',
      `${record.totals.modelCalls} model call(s), ${record.totals.inputTokens} in / ${record.totals.outputTokens} out tokens, ${costLabel(record.totals.costUsd)}, ${record.totals.durationMs} ms`,
    ],
    ['lessons', record.lessonsInjected.join(', ') || 'none'],
  ];
  const width = Math.max(...facts.map(([name]) => name.length));
  const why = dlqWhy(record, summary.state);
  const part = dlqSplitPart(record);
  const lines = [
    `DLQ record ${terminalText(record.dlqId)}`,
    `Why: ${terminalText(why.why)}`,
    ...(part ? [`Split: ${terminalText(splitPartText(part))}`] : []),
    ...(record.split ? childrenLines(record.split) : []),
    ...nextLine(why.next),
    '',
    ...facts.map(([name, value]) => `  ${name.padEnd(width)}  ${terminalText(value)}`),
    '',
  ];
  lines.push(`Lineage chain (root job ${terminalText(chain.rootJobId)}):`);
  lines.push(
    indent(
      textTable({
        head: ['REDRIVE', 'DLQ ID', 'JOB', 'REASON', 'DEAD-LETTERED', 'STATE'],
        rows: chain.records.map((link) => [
          String(link.lineage.redriveCount),
          `${link.dlqId}${link.dlqId === record.dlqId ? ' *' : ''}`,
          link.sourceJobId,
          dlqReasonLabel(link.reason),
          cliTime(link.deadLetteredAt),
          link.replay ? `replayed → ${link.replay.jobId}` : link.state,
        ]),
        maxWidth: 80,
      }),
      '  ',
    ),
  );
  if (chain.missing.length > 0)
    lines.push(`  pruned from the chain: ${terminalText(chain.missing.join(', '))}`);
  if (chain.latestJob)
    lines.push(`  latest replay job ${terminalText(chain.latestJob.jobId)}: ${chain.latestJob.state}`);
  for (const attempt of record.attempts) {
    lines.push(
      '',
      terminalText(
        `Attempt ${attempt.n} · ${attempt.model}${attempt.fallbackFrom ? ` (fallback for ${attempt.fallbackFrom})` : ''}${attempt.climb ? ` (moved up the ladder: ${attempt.climb})` : ''}${attempt.effort ? ` · effort ${attempt.effort}` : ''} · ${(attempt.durationMs / 1000).toFixed(1)} s · stop ${attempt.stopReason ?? '-'}${attempt.refusalCategory ? ` (${attempt.refusalCategory})` : ''} · ${attempt.usage.inputTokens} in / ${attempt.usage.outputTokens} out tokens${attempt.usage.thinkingTokens ? ` (${attempt.usage.thinkingTokens} thinking)` : ''} · ${costLabel(attempt.costUsd)}${attempt.cacheMissReason ? ` · cache miss: ${attempt.cacheMissReason}` : ''}`,
      ),
    );
    if (attempt.issues.length === 0) lines.push('  issues: none');
    else {
      lines.push('  issues:');
      for (const issue of attempt.issues) {
        const received = issue.received === undefined ? '' : ` (received ${issue.received})`;
        lines.push(
          `    - ${terminalText(`${issue.source} ${issue.path || '(root)'}: ${issue.message}${received}`)}`,
        );
      }
    }
    lines.push(
      `  raw output${attempt.rawOutputTruncated ? ' (truncated)' : ''}:`,
      indent(terminalText(attempt.rawOutput || '(empty)', { multiline: true })),
    );
  }
  lines.push('', 'Job data:', indent(JSON.stringify(record.input, null, 2), '  '));
  return `${lines.join('\n')}\n`;
}
