import { textTable } from '@quarry/env';
import { batchFirstRoundNote } from './batch-first-round-note';
import type { DemoSummary, OutcomeCounts } from './demo-summary';

/** Rows as columns three blanks apart; `rightAligned` columns (numbers) aligned right. */
const table = (rows: readonly (readonly string[])[], rightAligned: readonly number[] = []): string =>
  textTable({ rows, separator: '   ', alignRight: rightAligned, maxWidth: 200 });

const percent = (part: number, whole: number) =>
  whole === 0 ? '-' : `${((100 * part) / whole).toFixed(0)}%`;
const number = (n: number) => n.toLocaleString('en-US');

function outcomeRows(summary: DemoSummary): string[][] {
  const workflows = summary.workflows;
  const row = (label: string, pick: (counts: OutcomeCounts) => number) => [
    label,
    ...workflows.map((workflow) => String(pick(summary.byWorkflow[workflow] as OutcomeCounts))),
    String(pick(summary.jobs)),
    percent(pick(summary.jobs), summary.jobs.total),
  ];
  const rows = [
    ['', ...workflows, 'all', ''],
    row('completed on the first try', (c) => c.completedFirstTry),
    row('completed after retries', (c) => c.completedAfterRetries),
    row('needs review', (c) => c.needsReview),
    row('dead-lettered', (c) => c.deadLettered),
  ];
  if (summary.jobs.unfinished > 0) rows.push(row('unfinished (timed out)', (c) => c.unfinished));
  rows.push(row('total', (c) => c.total));
  return rows;
}

/** The cost, and where its prices come from. */
function costLine(summary: DemoSummary): string {
  if (summary.costUsd === null) return 'unknown (a model has no price in the model table)';
  const prices = summary.modelPrices;
  const discount = summary.lane === 'batch' ? ' at the batch price (50 %)' : '';
  const source = prices
    ? ` (${summary.model}: $${prices.input} / $${prices.output} per million input / output tokens, from the model table${discount})`
    : '';
  return `$${summary.costUsd.toFixed(4)}${source}`;
}

/** Completed results against the truth; results waiting for review are reported apart. */
function accuracyLine(accuracy: DemoSummary['accuracy']): string {
  const completed = `${accuracy.exact}/${accuracy.compared} completed results equal the shipped truth`;
  const review = accuracy.needsReview;
  return review.compared === 0
    ? completed
    : `${completed}; ${review.exact}/${review.compared} results waiting for review equal it (not counted as completed)`;
}

/** The field a lesson is about, from its signature `source:path:code` (`issueDate`, `lineItems[].amount`). */
function lessonField(signature: string): string {
  const path = signature.slice(signature.indexOf(':') + 1, signature.lastIndexOf(':'));
  return path === '' ? '(the whole result)' : path;
}

/** How many invented values grounding caught, and (simulated) how many there were. */
function groundingLine(grounding: DemoSummary['grounding']): string {
  const caught = `${number(grounding.caught)} invented value(s) caught (quote not in the document, or disagreeing) and fed back`;
  return grounding.invented === null
    ? caught
    : `${caught}; the simulated model invented ${number(grounding.invented)}`;
}

/** With `--documents pdf`: the rows on pages, uploads and grounding by page. */
function documentRows(documents: DemoSummary['documents']): string[][] {
  if (documents === null) return [];
  const uploads = documents.uploads === null ? 'unknown (live API)' : number(documents.uploads);
  return [
    [
      'documents',
      `${documents.pdfs} PDFs, ${number(documents.pages)} pages, ${documents.withoutTextLayer} without a text layer`,
    ],
    [
      'uploads',
      `${uploads} Files API upload(s) for ${documents.jobs} job(s): each PDF sent once, referenced by every attempt`,
    ],
    [
      'by page',
      `${documents.groundedOnPage}/${documents.groundedFields} grounded fields name their page; ${documents.flaggedNoTextLayer} flagged for review (no_text_layer); ${documents.textLayerAccuracy.exact}/${documents.textLayerAccuracy.compared} text-layer results equal the truth`,
    ],
  ];
}

/** The human-readable summary printed at the end of `pnpm demo`. */
export function renderSummary(summary: DemoSummary): string {
  const { tokens } = summary;
  const lines: string[] = [];
  const columns = summary.workflows.length + 2;
  lines.push(
    `Quarry demo: ${summary.jobs.total} documents, ${summary.mode === 'live' ? 'live Messages API' : 'simulated model'}, ${summary.lane} lane, ${(summary.durationMs / 1000).toFixed(1)} s`,
    '',
  );
  lines.push(
    table(
      outcomeRows(summary),
      Array.from({ length: columns }, (_, i) => i + 1),
    ),
    '',
  );
  if (summary.lane === 'batch') lines.push(batchFirstRoundNote(summary.jobs), '');
  lines.push(
    table(
      [
        ['model calls', number(summary.modelCalls)],
        ['input tokens', number(tokens.input)],
        ['cache writes', number(tokens.cacheCreation)],
        [
          'cache reads',
          `${number(tokens.cacheRead)} (${percent(tokens.cacheRead, tokens.input + tokens.cacheCreation + tokens.cacheRead)} of input)`,
        ],
        ['output tokens', number(tokens.output)],
        ['cost', costLine(summary)],
        ['accuracy', accuracyLine(summary.accuracy)],
        ['grounding', groundingLine(summary.grounding)],
        ...documentRows(summary.documents),
      ],
      [],
    ),
    '',
  );
  lines.push('Top lessons learned (shown to the model on later jobs):');
  if (summary.lessons.length === 0) lines.push('  none');
  for (const lesson of summary.lessons) {
    lines.push(
      `  ${lesson.workflow}@v${lesson.version}  ${lessonField(lesson.signature)}: ${lesson.example}  (${lesson.signature}, seen ${lesson.count}×)`,
    );
  }
  lines.push('', 'Dead-letter queue, by fingerprint:');
  if (summary.dlqGroups.length === 0) lines.push('  empty');
  for (const group of summary.dlqGroups) {
    const top = group.topIssues[0];
    lines.push(
      `  ${group.fingerprint}  ${group.count}×  ${group.reason}  ${group.workflows.join(', ')}${top ? `  ${top.signature}` : ''}`,
    );
  }
  lines.push('');
  if (summary.dashboard && summary.keepsRunning) {
    lines.push(
      `Dashboard: ${summary.dashboard.url}  (user ${summary.dashboard.user}, password ${summary.dashboard.password})`,
    );
  } else if (summary.dashboard) {
    lines.push('Dashboard: stopped with the demo (run with --keep-running to browse this run)');
  } else {
    lines.push(`Dashboard: not available (${summary.dashboardProblem ?? 'unknown reason'})`);
  }
  if (summary.metricsUrl && summary.keepsRunning) lines.push(`Metrics:   ${summary.metricsUrl}/metrics`);
  lines.push(`Log:       ${summary.logFile}`);
  return `${lines.join('\n')}\n`;
}
