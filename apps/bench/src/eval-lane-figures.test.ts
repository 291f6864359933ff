import { type EvalItemOutcome, type EvalReport, runEvaluation } from '@quarry/eval';
import type { PlantedDocument, StandinStats } from '@quarry/standin';
import { describe, expect, it } from 'vitest';
import { evalLaneFigures } from './eval-lane-figures';

const expected = {
  a: { name: 'Acme', total: 10, note: null },
  b: { name: 'Bolt', total: 20, note: null },
  c: { name: 'Cork', total: 30, note: null },
};

/** A report of a real `runEvaluation` whose port answers each item with `outputs[id]` (dead-lettered when absent). */
function report(outputs: Record<string, unknown>): Promise<EvalReport> {
  return runEvaluation({
    run: {
      runId: 'bench-test',
      set: 'bench-test',
      workflow: { name: 'ticket', version: 1 },
      model: null,
      lane: 'realtime',
      lessons: true,
    },
    items: Object.entries(expected).map(([id, value]) => ({ id, expected: value })),
    runItem: async (item): Promise<EvalItemOutcome> => {
      const data = outputs[item.id];
      if (data === undefined)
        return {
          kind: 'dead_lettered',
          reason: { kind: 'validation_exhausted', message: 'attempts spent' },
          modelCalls: 3,
          costUsd: 0.003,
          tokens: { input: 30, output: 3, cacheRead: 0, cacheWrite: 0 },
        };
      return {
        kind: 'completed',
        data,
        needsReview: false,
        reviewReasons: [],
        modelCalls: 1,
        firstAttemptValid: true,
        costUsd: 0.001,
        tokens: { input: 10, output: 1, cacheRead: 0, cacheWrite: 0 },
        wallMs: 5,
      };
    },
  });
}

const planted = (
  id: string,
  kinds: Partial<Pick<PlantedDocument, 'wrong' | 'missing' | 'invented'>>,
): PlantedDocument => ({
  id,
  workflow: 'ticket',
  leaves: 3,
  present: 2,
  wanted: { wrong: 0, missing: 0, invented: 0 },
  wrong: [],
  missing: [],
  invented: [],
  ...kinds,
});

const billing: StandinStats['billing'] = {
  realtime: {
    messages: 3,
    inputTokens: 30,
    outputTokens: 3,
    cacheCreationInputTokens: 0,
    cacheReadInputTokens: 0,
    costUsd: 0.003,
    unpricedMessages: 0,
  },
  batch: {
    messages: 0,
    inputTokens: 0,
    outputTokens: 0,
    cacheCreationInputTokens: 0,
    cacheReadInputTokens: 0,
    costUsd: 0,
    unpricedMessages: 0,
  },
};

const references = {
  itemOfReference: new Map([
    ['item-0', 'a'],
    ['item-1', 'b'],
    ['item-2', 'c'],
  ]),
};

function plantedReport(byDocument: Record<string, PlantedDocument>): NonNullable<StandinStats['planted']> {
  const documents = Object.values(byDocument);
  const sum = (count: (document: PlantedDocument) => number) =>
    documents.reduce((total, document) => total + count(document), 0);
  return {
    byDocument,
    totals: {
      documents: documents.length,
      leaves: sum((document) => document.leaves),
      present: sum((document) => document.present),
      wrong: sum((document) => document.wrong.length),
      missing: sum((document) => document.missing.length),
      invented: sum((document) => document.invented.length),
    },
  };
}

describe('evalLaneFigures', () => {
  it('matches the measured F1 to the planted one when the answers carry exactly the planted mistakes', async () => {
    const reports = [
      await report({
        a: { name: 'Acme', total: 11, note: null },
        b: { name: 'Bolt', total: null, note: null },
        c: { name: 'Cork', total: 30, note: 'REF-1234' },
      }),
    ];
    const byDocument = {
      'item-0': planted('a', { wrong: ['total'] }),
      'item-1': planted('b', { missing: ['total'] }),
      'item-2': planted('c', { invented: ['note'] }),
    };
    const figures = evalLaneFigures(
      { reports, seconds: 1, stats: { planted: plantedReport(byDocument), billing } },
      references,
    );
    // TP 6 − 1 − 1 = 4, FP 1 + 1 = 2, FN 1 + 1 = 2: F1 8 / 12.
    expect(figures.planted).toEqual({ truePositives: 4, falsePositives: 2, falseNegatives: 2 });
    expect(figures.measured).toEqual(figures.planted);
    expect(figures.f1).toBeCloseTo(8 / 12, 12);
    expect(figures.differencePp).toBe(0);
    expect(figures.mismatchedItems).toBe(0);
    expect(figures.byWorkflow).toEqual([
      { workflow: 'ticket', items: 3, f1: 0.6667, plantedF1: 0.6667, leavesPerDocument: [3, 3] },
    ]);
    expect(figures).toMatchObject({
      completed: 3,
      deadLettered: 0,
      unanswered: 0,
      costUsd: 0.003,
      modelCalls: 3,
    });
  });

  it('names the items whose score is off their planted counts, and a dead-lettered item scored empty', async () => {
    const reports = [
      await report({
        a: { name: 'ACME', total: 10, note: null },
        b: { name: 'Bolt', total: 21, note: null },
      }),
    ];
    const byDocument = {
      'item-0': planted('a', { wrong: ['name'] }),
      'item-1': planted('b', {}),
      'item-2': planted('c', {}),
    };
    const figures = evalLaneFigures(
      { reports, seconds: 1, stats: { planted: plantedReport(byDocument), billing } },
      references,
    );
    // a: a wrong name that scores equal (case); b: a mistake nothing planted; c: dead-lettered.
    expect(figures.mismatches.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(figures.mismatches[2]).toEqual({
      id: 'c',
      measured: { truePositives: 0, falsePositives: 0, falseNegatives: 2 },
      planted: { truePositives: 2, falsePositives: 0, falseNegatives: 0 },
    });
    expect(figures.deadLettered).toBe(1);
    expect(figures.deadLetterReasons).toEqual(['c: validation_exhausted']);
    expect(figures.differencePp).toBeLessThan(-1);
  });

  it('has no planted figure when the stand-in reports none or impossible totals, and counts unanswered items', async () => {
    const reports = [await report(expected)];
    const none = evalLaneFigures({ reports, seconds: 1, stats: { planted: null, billing } }, references);
    expect(none).toMatchObject({ planted: null, plantedF1: null, differencePp: null, unanswered: 3 });
    const impossible = plantedReport({ 'item-0': planted('a', { wrong: ['name', 'total', 'note'] }) });
    const bad = evalLaneFigures({ reports, seconds: 1, stats: { planted: impossible, billing } }, references);
    expect(bad).toMatchObject({ planted: null, differencePp: null, unanswered: 3 });
  });
});
