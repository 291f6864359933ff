import { describe, expect, it } from 'vitest';
import { completed, deadLettered, testRun } from '../test-fixtures/eval-fakes';
import { renderEvalReport } from './render-eval-report';
import { runEvaluation } from './run-evaluation';

const items = [
  {
    id: 'a',
    expected: {
      total: 10,
      vendor: 'Acme',
      lines: [
        { sku: 'x', qty: 1 },
        { sku: 'y', qty: 2 },
      ],
    },
  },
  { id: 'b\u001b[31m', expected: { total: 20, vendor: 'Bolt' } },
  { id: 'c', expected: { total: 30, vendor: 'Core' } },
  { id: 'd\u001b[2J', expected: { total: 40, vendor: 'Dyn' } },
];

async function report() {
  let clock = Date.UTC(2026, 0, 1);
  return runEvaluation({
    run: { ...testRun, model: 'claude\u0007x', lessons: true },
    items,
    concurrency: 1,
    now: () => (clock += 192_000),
    runItem: async (item) => {
      if (item.id === 'a')
        return completed(
          { total: 11, vendor: 'Acme', lines: [{ sku: 'x', qty: 5 }], 'evil\u001b]0;x': 1 },
          { needsReview: true },
        );
      if (item.id === 'b\u001b[31m') return completed({ total: 20, vendor: 'Bolt' });
      if (item.id === 'c') return deadLettered();
      return { kind: 'failed', message: 'no result within 600 s\u001b[1A' };
    },
  });
}

describe('renderEvalReport', () => {
  it('shows the run, its figures, fields worst first and the worst items with their paths', async () => {
    expect(renderEvalReport(await report()).split('\n')).toEqual([
      "Eval run run-1: set invoices, workflow invoice@2, model claude\\u0007x, lane (the workflow's), lessons on, scoring quarry",
      'F1 0.421  precision 0.571  recall 0.333  (TP 4, FP 3, FN 8)',
      'Items 4: 2 completed (1 needing review), 1 dead-lettered, 1 failed',
      'First call valid 100.0%; model calls per item 1.67',
      'Cost $0.0500 ($0.0167 per item, $0.0125 per correct field); tokens 5,000 in, 500 out, 500 cache read, 200 cache write; wall 3m 12s',
      '',
      'FIELD                  F1      P      R  TP  FP  FN',
      '["evil\\u001b]0;x"]  0.000  0.000  1.000   0   1   0',
      'lines[].qty         0.000  0.000  0.000   0   1   2',
      'total               0.333  0.500  0.250   1   1   3',
      'lines[].sku         0.667  1.000  0.500   1   0   1',
      'vendor              0.667  1.000  0.500   2   0   2',
      '',
      'ITEM        OUTCOME                                     F1     COST  DIFFERS AT',
      'c           dead-lettered: validation_exhausted      0.000  $0.0300  no output',
      'd\\u001b[2J  failed: no result within 600 s\\u001b[1A  0.000        -  no output',
      'a           needs review                             0.364  $0.0100  lines[0].qty, lines[1].qty, lines[1].sku, +2 more',
    ]);
  });

  it('never lets a control character through', async () => {
    const text = renderEvalReport(await report());
    const controls = Array.from(text).filter((char) => /\p{Cc}/u.test(char) && char !== '\n');
    expect(controls).toEqual([]);
  });

  it('keeps to the limits given, saying how many more there are', async () => {
    const lines = renderEvalReport(await report(), { fields: 2, items: 1, paths: 1 }).split('\n');
    expect(lines.slice(5)).toEqual([
      '',
      'FIELD                  F1      P      R  TP  FP  FN',
      '["evil\\u001b]0;x"]  0.000  0.000  1.000   0   1   0',
      'lines[].qty         0.000  0.000  0.000   0   1   2',
      '… 3 more fields',
      '',
      'ITEM  OUTCOME                                 F1     COST  DIFFERS AT',
      'c     dead-lettered: validation_exhausted  0.000  $0.0300  no output',
      '… 2 more items with differences',
    ]);
    expect(renderEvalReport(await report(), { fields: 0, items: 0 }).split('\n')).toHaveLength(5);
  });

  it('says how many items an aborted run left, and shows the DocuBench score when scored so', async () => {
    const controller = new AbortController();
    controller.abort();
    const aborted = await runEvaluation({
      run: testRun,
      items,
      signal: controller.signal,
      scoring: { kind: 'docubench', schema: { type: 'object', properties: { total: { type: 'number' } } } },
      runItem: async () => completed({}),
    });
    expect(renderEvalReport(aborted).split('\n').slice(1, 3)).toEqual([
      'F1 1.000  precision 1.000  recall 1.000  (TP 0, FP 0, FN 0)',
      'Items 4: 0 completed (0 needing review), 0 dead-lettered, 0 failed, 4 not run (aborted)',
    ]);
    const scored = await runEvaluation({
      run: testRun,
      items: items.slice(2, 3),
      scoring: { kind: 'docubench', schema: { type: 'object', properties: { total: { type: 'number' } } } },
      runItem: async () => completed({ total: 30, vendor: 'nope' }),
    });
    expect(renderEvalReport(scored).split('\n')[1]).toBe(
      'F1 0.500  precision 0.500  recall 0.500  (TP 1, FP 1, FN 1)  DocuBench 1.000',
    );
  });
});
