import { describe, expect, it } from 'vitest';
import { scoreDocubench } from '../docubench/score-docubench';
import {
  completed,
  deadLettered,
  type TestItem,
  testItems,
  testRun,
  withWrong,
} from '../test-fixtures/eval-fakes';
import { EvalReport } from './eval-report';
import { runEvaluation } from './run-evaluation';

describe('runEvaluation: scores', () => {
  it('gives the F1 of k wrong leaves: TP n−k, FP k, FN k, F1 (2n−2k)/2n', async () => {
    const set = testItems(4);
    const leaves = 4 * 5;
    for (const k of [0, 1, 3, 7, 20]) {
      // The first items take the wrong leaves, five at most each.
      const wrongOf = (index: number) => Math.min(Math.max(k - index * 5, 0), 5);
      const report = await runEvaluation({
        run: testRun,
        items: set,
        runItem: async (item) => completed(withWrong(item.expected, wrongOf(set.indexOf(item)))),
      });
      const tp = leaves - k;
      expect(report.summary.overall).toEqual({
        truePositives: tp,
        falsePositives: k,
        falseNegatives: k,
        precision: tp / leaves,
        recall: tp / leaves,
        f1: (2 * tp) / (2 * tp + 2 * k),
      });
      expect(report.items.map((item) => item.differences.length)).toEqual(set.map((_, i) => wrongOf(i)));
    }
  });

  it('scores dead-lettered and failed items as empty outputs: every expected leaf a false negative', async () => {
    const set = testItems(3);
    const report = await runEvaluation({
      run: testRun,
      items: set,
      runItem: async (item) =>
        item === set[0]
          ? completed(item.expected)
          : item === set[1]
            ? deadLettered()
            : { kind: 'failed', message: 'timed out' },
    });
    expect(report.summary.overall).toMatchObject({
      truePositives: 5,
      falsePositives: 0,
      falseNegatives: 10,
      recall: 5 / 15,
    });
    expect(report.summary.fields.find((field) => field.field === 'a')).toMatchObject({
      truePositives: 1,
      falseNegatives: 2,
    });
    const [, dlq, failed] = report.items;
    expect(dlq).toMatchObject({
      outcome: { kind: 'dead_lettered', reason: { kind: 'validation_exhausted' } },
      score: { truePositives: 0, falseNegatives: 5 },
      modelCalls: 3,
      costUsd: 0.03,
    });
    expect(dlq?.differences.every((difference) => difference.kind === 'missing')).toBe(true);
    expect(failed).toMatchObject({
      outcome: { kind: 'failed', message: 'timed out' },
      score: { falseNegatives: 5 },
      costUsd: null,
      modelCalls: null,
      tokens: null,
    });
    expect(report.summary).toMatchObject({ run: 3, completed: 1, deadLettered: 1, failed: 1, notRun: 0 });
  });

  it('scores an output that scoring refuses as empty, naming why', async () => {
    const [item] = testItems(1);
    const report = await runEvaluation({
      run: testRun,
      items: [item as TestItem],
      runItem: async () => completed({ a: Number.NaN }),
    });
    expect(report.items[0]).toMatchObject({
      unscorable: 'not-json',
      score: { truePositives: 0, falseNegatives: 5 },
    });
  });

  it('adds up cost, tokens, model calls, first-call validity and wall times', async () => {
    const set = testItems(4);
    let clock = 1_700_000_000_000;
    const report = await runEvaluation({
      run: testRun,
      items: set,
      now: () => (clock += 90_000),
      runItem: async (item) => {
        const index = set.indexOf(item);
        if (index === 3) return deadLettered();
        return completed(withWrong(item.expected, index), {
          costUsd: 0.01 * (index + 1),
          modelCalls: index + 1,
          firstAttemptValid: index === 0,
          needsReview: index === 2,
          wallMs: 1000 * (index + 1),
          tokens: { input: 100, output: 10, cacheRead: 5, cacheWrite: 1 },
        });
      },
    });
    const cost = 0.01 + 0.02 + 0.03 + 0.03;
    const truePositives = 5 + 4 + 3;
    expect(report.summary).toMatchObject({
      items: 4,
      completed: 3,
      needsReview: 1,
      deadLettered: 1,
      firstAttemptValidShare: 1 / 3,
      meanModelCalls: (1 + 2 + 3 + 3) / 4,
      meanItemWallMs: 2000,
      tokens: { input: 3300, output: 330, cacheRead: 515, cacheWrite: 203 },
    });
    expect(report.summary.costUsd).toBeCloseTo(cost, 12);
    expect(report.summary.costPerItemUsd).toBeCloseTo(cost / 4, 12);
    expect(report.summary.costPerCorrectFieldUsd).toBeCloseTo(cost / truePositives, 12);
    expect(report.run).toMatchObject({
      ...testRun,
      scoring: 'quarry',
      concurrency: 4,
      startedAt: new Date(1_700_000_090_000).toISOString(),
      endedAt: new Date(1_700_000_180_000).toISOString(),
      wallMs: 90_000,
      aborted: false,
    });
    expect(EvalReport.parse(JSON.parse(JSON.stringify(report)))).toEqual(report);
  });

  it('uses the DocuBench rules when asked: per item final, the mean of them in the summary', async () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        items: {
          type: 'array',
          items: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
        },
      },
    };
    const expected = { name: 'x', items: [{ a: 1, b: 2 }, { a: 3 }] };
    const outputs = [{ name: 'y', items: [{ a: 3 }, { a: 1, b: 2 }] }, expected];
    const set = [
      { id: 'one', expected },
      { id: 'two', expected },
    ];
    const report = await runEvaluation({
      run: testRun,
      items: set,
      scoring: { kind: 'docubench', schema },
      runItem: async (item) => completed(outputs[set.indexOf(item)]),
    });
    const finals = outputs.map((output) => scoreDocubench({ schema, label: expected, output }).final);
    expect(finals).toEqual([0.75, 1]);
    expect(report.items.map((item) => item.docubench)).toEqual(finals);
    expect(report.summary.docubench).toBe(0.875);
    expect(report.run.scoring).toBe('docubench');
    expect(report.summary.overall.f1).toBe(7 / 8);
  });
});

describe('runEvaluation: a bounded report', () => {
  it('keeps 50 differences per item, 20 review reasons of 300 characters, messages of 500', async () => {
    const expected = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i]));
    const long = 'x'.repeat(1000);
    const report = await runEvaluation({
      run: testRun,
      items: [
        { id: 'wide', expected },
        { id: 'dlq', expected },
      ],
      runItem: async (item) =>
        item.id === 'wide'
          ? completed({}, { needsReview: true, reviewReasons: Array.from({ length: 25 }, () => long) })
          : { ...deadLettered(), reason: { kind: 'unexpected', message: long } },
    });
    const [wide, dlq] = report.items;
    expect(wide?.differences).toHaveLength(50);
    expect(wide?.differencesOmitted).toBe(10);
    expect(wide?.score.falseNegatives).toBe(60);
    const reasons = wide?.outcome.kind === 'completed' ? wide.outcome.reviewReasons : [];
    expect(reasons).toHaveLength(20);
    expect(reasons.every((reason) => Array.from(reason).length === 300 && reason.endsWith('…'))).toBe(true);
    expect(dlq?.outcome.kind === 'dead_lettered' && Array.from(dlq.outcome.reason.message).length).toBe(500);
    expect(JSON.stringify(report)).not.toContain('x'.repeat(501));
  });
});
