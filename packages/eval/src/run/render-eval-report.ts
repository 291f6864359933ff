import { terminalText, textTable } from '@quarry/env';
import type { EvalItemResult, EvalReport, EvalRunInfo } from './eval-report';
import { countText, durationText, percentText, ratioText, usdText } from './format-figures';
import { cutText } from './item-result-of';

/** Options of {@link renderEvalReport}. */
export interface RenderEvalReportOptions {
  /** Fields listed at most, worst first (default 20). */
  readonly fields?: number;
  /** Items listed at most, worst first (default 10); only items with a difference or no output. */
  readonly items?: number;
  /** Differing paths shown per item (default 3). */
  readonly paths?: number;
}

const count = (value: number | undefined, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.min(Math.max(Math.floor(value), 0), 1000)
    : fallback;
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The run's metadata on one line; every name from outside neutralised. */
function runLine(run: EvalRunInfo): string {
  const parts = [
    `set ${terminalText(run.set)}`,
    `workflow ${terminalText(run.workflow.name)}@${run.workflow.version}`,
    `model ${run.model === null ? "(the workflow's)" : terminalText(run.model)}`,
    `lane ${run.lane ?? "(the workflow's)"}`,
    `lessons ${run.lessons ? 'on' : 'off'}`,
    `scoring ${run.scoring}`,
  ];
  return `Eval run ${terminalText(run.runId)}: ${parts.join(', ')}`;
}

function outcomeText(item: EvalItemResult): string {
  switch (item.outcome.kind) {
    case 'completed':
      return item.outcome.needsReview ? 'needs review' : 'completed';
    case 'dead_lettered':
      return `dead-lettered: ${terminalText(item.outcome.reason.kind)}`;
    case 'failed':
      return `failed: ${terminalText(cutText(item.outcome.message, 40))}`;
  }
}

function pathsText(item: EvalItemResult, shown: number): string {
  if (item.outcome.kind !== 'completed') return 'no output';
  const paths = [
    ...new Set(
      item.differences.map(
        (difference) => difference.expectedPath ?? difference.extractedPath ?? difference.field,
      ),
    ),
  ];
  const rest = paths.length - Math.min(paths.length, shown) + item.differencesOmitted;
  const listed = paths.slice(0, shown).map((path) => terminalText(path || '(top)'));
  const note = item.unscorable === null ? [] : [`output unscorable (${item.unscorable})`];
  return [...note, ...listed, ...(rest > 0 ? [`+${rest} more`] : [])].join(', ');
}

/** Items with something wrong, worst first: lowest F1, then no output before an output, then id. */
function worstItems(items: readonly EvalItemResult[]): EvalItemResult[] {
  return items
    .filter((item) => item.outcome.kind !== 'completed' || item.score.f1 < 1 || item.unscorable !== null)
    .sort(
      (a, b) =>
        a.score.f1 - b.score.f1 ||
        Number(a.outcome.kind === 'completed') - Number(b.outcome.kind === 'completed') ||
        byCode(a.id, b.id),
    );
}

/**
 * A run's report for a terminal, compact: the run line, the overall scores, counts, cost, a table of
 * fields by F1 (worst first) and the worst items with the paths that differ. Plain text, every string
 * from the set, the model or the port neutralised (`terminalText`).
 */
export function renderEvalReport(report: EvalReport, options: RenderEvalReportOptions = {}): string {
  const { run, summary } = report;
  const [maxFields, maxItems, maxPaths] = [
    count(options.fields, 20),
    count(options.items, 10),
    count(options.paths, 3),
  ];
  const { overall } = summary;
  const lines = [
    runLine(run),
    [
      `F1 ${ratioText(overall.f1)}  precision ${ratioText(overall.precision)}  recall ${ratioText(overall.recall)}`,
      `(TP ${countText(overall.truePositives)}, FP ${countText(overall.falsePositives)}, FN ${countText(overall.falseNegatives)})`,
      ...(summary.docubench === null ? [] : [`DocuBench ${ratioText(summary.docubench)}`]),
    ].join('  '),
    [
      `Items ${countText(summary.items)}: ${countText(summary.completed)} completed (${countText(summary.needsReview)} needing review)`,
      `${countText(summary.deadLettered)} dead-lettered, ${countText(summary.failed)} failed`,
      ...(summary.notRun > 0 ? [`${countText(summary.notRun)} not run (aborted)`] : []),
    ].join(', '),
    `First call valid ${percentText(summary.firstAttemptValidShare)}; model calls per item ${summary.meanModelCalls === null ? '-' : summary.meanModelCalls.toFixed(2)}`,
    [
      `Cost ${usdText(summary.costUsd)} (${usdText(summary.costPerItemUsd)} per item, ${usdText(summary.costPerCorrectFieldUsd)} per correct field)`,
      `tokens ${countText(summary.tokens.input)} in, ${countText(summary.tokens.output)} out, ${countText(summary.tokens.cacheRead)} cache read, ${countText(summary.tokens.cacheWrite)} cache write`,
      `wall ${durationText(run.wallMs)}`,
    ].join('; '),
  ];
  const fields = [...summary.fields].sort((a, b) => a.f1 - b.f1 || byCode(a.field, b.field));
  if (fields.length > 0 && maxFields > 0) {
    const rows = fields
      .slice(0, maxFields)
      .map((field) => [
        terminalText(field.field || '(top)'),
        ratioText(field.f1),
        ratioText(field.precision),
        ratioText(field.recall),
        countText(field.truePositives),
        countText(field.falsePositives),
        countText(field.falseNegatives),
      ]);
    lines.push(
      '',
      textTable({ head: ['FIELD', 'F1', 'P', 'R', 'TP', 'FP', 'FN'], rows, alignRight: [1, 2, 3, 4, 5, 6] }),
    );
    if (fields.length > maxFields) lines.push(`… ${fields.length - maxFields} more fields`);
  }
  const worst = worstItems(report.items);
  if (worst.length > 0 && maxItems > 0) {
    const rows = worst
      .slice(0, maxItems)
      .map((item) => [
        terminalText(item.id),
        outcomeText(item),
        ratioText(item.score.f1),
        usdText(item.costUsd),
        pathsText(item, maxPaths),
      ]);
    lines.push(
      '',
      textTable({
        head: ['ITEM', 'OUTCOME', 'F1', 'COST', 'DIFFERS AT'],
        rows,
        alignRight: [2, 3],
        maxWidth: 80,
      }),
    );
    if (worst.length > maxItems) lines.push(`… ${worst.length - maxItems} more items with differences`);
  }
  return lines.join('\n');
}
