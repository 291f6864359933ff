import { describe, expect, it } from 'vitest';
import type { DemoSummary, OutcomeCounts } from './demo-summary';
import { renderSummary } from './render-summary';

const counts = (completedFirstTry: number, deadLettered: number): OutcomeCounts => ({
  total: completedFirstTry + deadLettered,
  completedFirstTry,
  completedAfterRetries: 0,
  needsReview: 0,
  deadLettered,
  unfinished: 0,
});

const summary: DemoSummary = {
  mode: 'simulated',
  prefix: '{quarry-demo-1}',
  redis: { source: 'local', url: 'redis://127.0.0.1:6379' },
  workflows: ['invoice', 'support-ticket'],
  lane: 'realtime',
  model: 'claude-haiku-5-5',
  modelPrices: null,
  jobs: counts(110, 2),
  byWorkflow: { invoice: counts(100, 2), 'support-ticket': counts(10, 0) },
  modelCalls: 1234,
  tokens: { input: 1000, output: 200, cacheCreation: 0, cacheRead: 0 },
  cacheReadShare: 0,
  costUsd: 0.5,
  accuracy: { compared: 110, exact: 100, needsReview: { compared: 0, exact: 0 } },
  grounding: { caught: 4, invented: 3 },
  documents: null,
  lessons: [],
  dlqGroups: [],
  dashboard: null,
  dashboardProblem: 'off',
  keepsRunning: false,
  metricsUrl: null,
  logFile: '/tmp/demo.log',
  durationMs: 1500,
};

describe('renderSummary', () => {
  it('prints the outcomes as a table with the counts aligned right under their workflow', () => {
    const lines = renderSummary(summary).split('\n');
    expect(lines.slice(2, 8)).toEqual([
      '                             invoice   support-ticket   all',
      'completed on the first try       100               10   110    98%',
      'completed after retries            0                0     0     0%',
      'needs review                       0                0     0     0%',
      'dead-lettered                      2                0     2     2%',
      'total                            102               10   112   100%',
    ]);
    expect(lines).toContain('model calls     1,234');
  });

  it('names the lane, and the batch price on the cost line', () => {
    const prices = { input: 1, output: 5, cacheWrite5m: 1.25, cacheWrite1h: 2, cacheRead: 0.1 };
    const batch = renderSummary({ ...summary, lane: 'batch', modelPrices: prices });
    expect(batch).toContain('simulated model, batch lane, 1.5 s');
    expect(batch).toMatch(
      /cost +\$0\.5000 \(claude-haiku-5-5: \$1 \/ \$5 per million .* at the batch price \(50 %\)\)/,
    );
    const realtime = renderSummary({ ...summary, modelPrices: prices });
    expect(realtime).toContain('simulated model, realtime lane');
    expect(realtime).not.toContain('batch price');
  });

  it('says how many invented values grounding caught, and how many the simulated model invented', () => {
    expect(renderSummary(summary)).toMatch(
      /grounding +4 invented value\(s\) caught \(quote not in the document, or disagreeing\) and fed back; the simulated model invented 3\n/,
    );
    const live = renderSummary({ ...summary, mode: 'live', grounding: { caught: 1, invented: null } });
    expect(live).toMatch(
      /grounding +1 invented value\(s\) caught \(quote not in the document, or disagreeing\) and fed back\n/,
    );
  });

  it('shows pages, uploads per job and grounding by page for PDF documents, and nothing of them for text', () => {
    expect(renderSummary(summary)).not.toContain('documents ');
    const pdf = renderSummary({
      ...summary,
      documents: {
        pdfs: 4,
        pages: 5,
        withoutTextLayer: 1,
        uploads: 4,
        jobs: 4,
        flaggedNoTextLayer: 1,
        groundedFields: 30,
        groundedOnPage: 30,
        textLayerAccuracy: { compared: 3, exact: 3 },
      },
    });
    expect(pdf).toMatch(/documents +4 PDFs, 5 pages, 1 without a text layer\n/);
    expect(pdf).toMatch(
      /uploads +4 Files API upload\(s\) for 4 job\(s\): each PDF sent once, referenced by every attempt\n/,
    );
    expect(pdf).toMatch(
      /by page +30\/30 grounded fields name their page; 1 flagged for review \(no_text_layer\); 3\/3 text-layer results equal the truth\n/,
    );
  });

  it('does not count results waiting for review as plain completions on the accuracy line', () => {
    const text = renderSummary({
      ...summary,
      accuracy: { compared: 7, exact: 7, needsReview: { compared: 1, exact: 0 } },
    });
    expect(text).toMatch(
      /accuracy +7\/7 completed results equal the shipped truth; 0\/1 results waiting for review equal it \(not counted as completed\)\n/,
    );
    expect(renderSummary(summary)).toMatch(/accuracy +100\/110 completed results equal the shipped truth\n/);
  });

  it('prints the dashboard and metrics URLs only while they stay up (--keep-running)', () => {
    const access = { url: 'http://127.0.0.1:3100', user: 'demo', password: 'pw' };
    const stopped = renderSummary({ ...summary, dashboard: access, metricsUrl: 'http://127.0.0.1:9' });
    expect(stopped).not.toContain('http://127.0.0.1:3100');
    expect(stopped).not.toContain('http://127.0.0.1:9');
    expect(stopped).toContain(
      'Dashboard: stopped with the demo (run with --keep-running to browse this run)',
    );
    const kept = renderSummary({
      ...summary,
      dashboard: access,
      metricsUrl: 'http://127.0.0.1:9',
      keepsRunning: true,
    });
    expect(kept).toContain('Dashboard: http://127.0.0.1:3100  (user demo, password pw)');
    expect(kept).toContain('Metrics:   http://127.0.0.1:9/metrics');
  });

  it('leads each lesson with the field it is about', () => {
    const lesson = { score: 1, count: 4, firstSeen: 0, lastSeen: 0, workflow: 'invoice', version: 2 };
    const text = renderSummary({
      ...summary,
      lessons: [
        { ...lesson, signature: 'schema:issueDate:invalid_format', example: 'Invalid ISO date' },
        { ...lesson, signature: 'rule:lineItems[].amount:sum', example: 'Off by 1' },
        { ...lesson, signature: 'schema::invalid_type', example: 'Expected object' },
      ],
    });
    expect(text).toContain(
      '  invoice@v2  issueDate: Invalid ISO date  (schema:issueDate:invalid_format, seen 4×)\n',
    );
    expect(text).toContain(
      '  invoice@v2  lineItems[].amount: Off by 1  (rule:lineItems[].amount:sum, seen 4×)\n',
    );
    expect(text).toContain('  invoice@v2  (the whole result): Expected object');
  });

  it('explains the first round of a batch-lane run under its outcome table, and only there', () => {
    const batch = renderSummary({ ...summary, lane: 'batch' });
    expect(batch).toContain(
      'Batch lane: 110 of 112 completed on the first try because every first attempt went out\nin one batch before any lesson existed',
    );
    expect(batch.indexOf('Batch lane:')).toBeGreaterThan(batch.indexOf('total   '));
    expect(batch.indexOf('Batch lane:')).toBeLessThan(batch.indexOf('model calls'));
    expect(renderSummary(summary)).not.toContain('Batch lane:');
  });
});
