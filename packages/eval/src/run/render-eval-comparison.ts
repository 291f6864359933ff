import { terminalText, textTable } from '@quarry/env';
import type { EvalChange, EvalComparedRun, EvalComparison, EvalFieldChange } from './eval-comparison';
import { deltaText, ratioText } from './format-figures';

/** Options of {@link renderEvalComparison}. */
export interface RenderEvalComparisonOptions {
  /** Fields listed at most (default 20): every drop first, then the largest falls, then the rest. */
  readonly fields?: number;
}

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const runName = (run: EvalComparedRun) =>
  `${terminalText(run.runId)} (${terminalText(run.workflow.name)}@${run.workflow.version}, ${run.itemsRun} items${run.aborted ? ', aborted' : ''})`;
const changeText = (figure: EvalChange) =>
  `${ratioText(figure.baseline)} → ${ratioText(figure.current)} (${deltaText(figure.delta)})`;

/** Rank of a field change for display: the largest fall first, new and gone fields last. */
const rank = (change: EvalFieldChange) =>
  change.type === 'both' ? change.delta : change.type === 'current-only' ? 2 : 3;

function fieldRow(change: EvalFieldChange, dropped: ReadonlySet<string>): string[] {
  const field = terminalText(change.field || '(top)');
  switch (change.type) {
    case 'both':
      return [
        field,
        ratioText(change.baseline),
        ratioText(change.current),
        deltaText(change.delta),
        dropped.has(change.field) ? 'DROP' : '',
      ];
    case 'current-only':
      return [field, '-', ratioText(change.current), '', 'new'];
    case 'baseline-only':
      return [field, ratioText(change.baseline), '-', '', 'gone'];
  }
}

/**
 * A comparison for a terminal, compact: the runs, what differs between them, the overall F1 (and
 * DocuBench) change, a table of fields (drops first, then the largest falls) and the verdict. Plain
 * text, names neutralised (`terminalText`).
 */
export function renderEvalComparison(
  comparison: EvalComparison,
  options: RenderEvalComparisonOptions = {},
): string {
  const maxFields =
    typeof options.fields === 'number' && Number.isFinite(options.fields)
      ? Math.min(Math.max(Math.floor(options.fields), 0), 1000)
      : 20;
  const { verdict } = comparison;
  const drops = verdict.type === 'fail' ? verdict.drops : [];
  const dropped = new Set(drops.flatMap((drop) => (drop.type === 'field' ? [drop.field] : [])));
  const lines = [
    `Run ${runName(comparison.current)} against baseline ${runName(comparison.baseline)}, max drop ${comparison.maxDrop.toFixed(3)}`,
    ...(comparison.differs.length > 0 ? [`The runs differ in: ${comparison.differs.join(', ')}`] : []),
    `F1 ${changeText(comparison.overall)}${drops.some((drop) => drop.type === 'overall') ? '  DROP' : ''}`,
    ...(comparison.docubench === null
      ? []
      : [
          `DocuBench ${changeText(comparison.docubench)}${drops.some((drop) => drop.type === 'docubench') ? '  DROP' : ''}`,
        ]),
  ];
  const fields = [...comparison.fields].sort(
    (a, b) =>
      Number(dropped.has(b.field)) - Number(dropped.has(a.field)) ||
      rank(a) - rank(b) ||
      byCode(a.field, b.field),
  );
  if (fields.length > 0 && maxFields > 0) {
    const rows = fields
      .slice(0, Math.max(maxFields, dropped.size))
      .map((change) => fieldRow(change, dropped));
    lines.push(
      '',
      textTable({ head: ['FIELD', 'BASELINE', 'CURRENT', 'CHANGE', ''], rows, alignRight: [1, 2, 3] }),
    );
    if (fields.length > rows.length) lines.push(`… ${fields.length - rows.length} more fields`);
  }
  const names = drops.map((drop) =>
    drop.type === 'overall'
      ? 'overall F1'
      : drop.type === 'docubench'
        ? 'DocuBench'
        : terminalText(drop.field || '(top)'),
  );
  lines.push(
    '',
    verdict.type === 'pass'
      ? `PASS: nothing fell by more than ${comparison.maxDrop.toFixed(3)}`
      : `FAIL: ${drops.length} ${drops.length === 1 ? 'figure' : 'figures'} fell by more than ${comparison.maxDrop.toFixed(3)}: ${names.join(', ')}`,
  );
  return lines.join('\n');
}
