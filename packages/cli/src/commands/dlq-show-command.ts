import { terminalText, textTable } from '@quarry/env';
import { dlqReasonLabel } from '@quarry/queue';
import type { DlqDetail } from '@quarry/triage';
import { costLabel, workflowLabel } from '@quarry/triage';
import type { CliCommand } from '../cli-command';
import { cliEnvironmentHelp, triageEnvironmentHelp } from '../environment-help';
import { exitCodes } from '../exit-codes';
import { parseCommandArgs } from '../parse-command-args';
import { UsageError } from '../usage-error';
import { reportTriageError, withTriage } from './triage-support';

const help = `Usage: quarry dlq show <dlqId> [--json]

Shows one dead-letter record whole: reason, fingerprint, totals, every attempt with its issues and
raw output, the job data, and the lineage chain (every DLQ record of the same root job, oldest first,
and the latest replay job).

Options:
      --json               print { record, summary, chain }
  -h, --help               show this help

${cliEnvironmentHelp}
${triageEnvironmentHelp}`;

const indent = (text: string, by = '    ') => text.replace(/^/gm, by);

/**
 * The human form of a record with its chain. Every value from the record is shown on one line with its
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
    ['enqueued', record.firstEnqueuedAt],
    ['dead-lettered', record.deadLetteredAt],
    [
      'lineage',
      `root ${record.lineage.rootJobId}, redrive ${record.lineage.redriveCount}${record.lineage.replayOf ? `, replay of ${record.lineage.replayOf}` : ''}`,
    ],
    ...(record.replay
      ? ([['replayed', `as job ${record.replay.jobId} at ${record.replay.replayedAt}`]] as [string, string][])
      : []),
    [
      'totals',
      `${record.totals.modelCalls} call(s), ${record.totals.inputTokens} in / ${record.totals.outputTokens} out tokens, ${costLabel(record.totals.costUsd)}, ${record.totals.durationMs} ms`,
    ],
    ['lessons', record.lessonsInjected.join(', ') || 'none'],
  ];
  const width = Math.max(...facts.map(([name]) => name.length));
  const lines = [
    `DLQ record ${terminalText(record.dlqId)}`,
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
          link.deadLetteredAt,
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
        `Attempt ${attempt.n} · ${attempt.model}${attempt.fallbackFrom ? ` (fallback for ${attempt.fallbackFrom})` : ''}${attempt.effort ? ` · effort ${attempt.effort}` : ''} · ${(attempt.durationMs / 1000).toFixed(1)} s · stop ${attempt.stopReason ?? '-'}${attempt.refusalCategory ? ` (${attempt.refusalCategory})` : ''} · ${attempt.usage.inputTokens} in / ${attempt.usage.outputTokens} out tokens${attempt.usage.thinkingTokens ? ` (${attempt.usage.thinkingTokens} thinking)` : ''} · ${costLabel(attempt.costUsd)}${attempt.cacheMissReason ? ` · cache miss: ${attempt.cacheMissReason}` : ''}`,
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

/** `quarry dlq show <dlqId>`: one record, whole, with its lineage chain. */
export const dlqShowCommand: CliCommand = {
  name: 'dlq show',
  summary: 'show a dead-letter record with its attempts and lineage chain',
  help,
  async run(args, context) {
    const { values, positionals } = parseCommandArgs(
      args,
      { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      true,
    );
    if (values.help) {
      context.stdout(`${help}\n`);
      return exitCodes.ok;
    }
    const [dlqId, ...extra] = positionals;
    if (!dlqId) throw new UsageError('give the DLQ id to show');
    if (extra.length > 0) throw new UsageError(`give one DLQ id, got ${positionals.length}`);
    try {
      const detail = await withTriage(context, 'dlq show', (triage) => triage.showDlq(dlqId));
      context.stdout(values.json ? `${JSON.stringify(detail)}\n` : renderDlqDetail(detail));
      return exitCodes.ok;
    } catch (error) {
      return reportTriageError('dlq show', error, context);
    }
  },
};
