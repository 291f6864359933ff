import { describe, expect, it } from 'vitest';
import { completed, deadLettered, reportWith, testItems, testRun } from '../test-fixtures/eval-fakes';
import { keptOutput, keptOutputLimits, reportOutputBudget } from './eval-kept-output';
import { EvalReport } from './eval-report';
import { runEvaluation } from './run-evaluation';

/** An object whose JSON is `bytes` long. */
const ofBytes = (bytes: number) => ({ a: 'x'.repeat(bytes - '{"a":""}'.length) });

describe('the outputs a report keeps', () => {
  it('keeps an output up to the item limit, and names the size of one over it or no JSON', () => {
    const limit = keptOutputLimits.itemBytes;
    expect(keptOutput(ofBytes(limit))).toEqual({ type: 'kept', data: ofBytes(limit), bytes: limit });
    expect(keptOutput(ofBytes(limit + 1))).toEqual({
      type: 'dropped',
      reason: 'item-limit',
      bytes: limit + 1,
    });
    expect(keptOutput({ total: '€12' }).bytes).toBe(Buffer.byteLength('{"total":"€12"}'));
    for (const bad of [{ a: Number.NaN }, undefined, { when: new Date(0) }, () => 1]) {
      expect(keptOutput(bad)).toEqual({ type: 'dropped', reason: 'not-json', bytes: null });
    }
  });

  it('keeps outputs while their sum stays within the report limit, dropping one that would pass it', () => {
    const within = reportOutputBudget();
    const pass = (bytes: number) => within({ id: 'x', extracted: keptOutput(ofBytes(bytes)) }).extracted;
    const { itemBytes, reportBytes } = keptOutputLimits;
    for (let i = 1; i < reportBytes / itemBytes; i += 1) expect(pass(itemBytes).type).toBe('kept');
    expect(pass(itemBytes - 100).type).toBe('kept');
    expect(pass(200)).toEqual({ type: 'dropped', reason: 'report-limit', bytes: 200 });
    expect(pass(100).type).toBe('kept');
    expect(pass(8)).toEqual({ type: 'dropped', reason: 'report-limit', bytes: 8 });
    expect(within({ id: 'none', extracted: null })).toEqual({ id: 'none', extracted: null });
  });

  it("keeps each completed item's output in the report (version 2), none of dead-lettered items", async () => {
    const [first, second, third] = testItems(3);
    const big = ofBytes(keptOutputLimits.itemBytes + 10);
    const report = await runEvaluation({
      run: testRun,
      items: [first, second, third].flatMap((item) => (item ? [item] : [])),
      runItem: async (item) =>
        item === first ? completed(item.expected) : item === second ? completed(big) : deadLettered(),
    });
    expect(report.reportVersion).toBe(2);
    expect(report.items.map((result) => result.extracted)).toEqual([
      { type: 'kept', data: first?.expected, bytes: Buffer.byteLength(JSON.stringify(first?.expected)) },
      { type: 'dropped', reason: 'item-limit', bytes: keptOutputLimits.itemBytes + 10 },
      null,
    ]);
    expect(EvalReport.parse(JSON.parse(JSON.stringify(report)))).toEqual(report);
  });

  it('reads a report of version 1 (no outputs kept) and refuses an unknown version or a bad output', () => {
    const v1 = reportWith({ f1: 0.9 });
    expect(v1.reportVersion).toBe(1);
    const item = {
      id: 'a',
      outcome: { kind: 'failed', message: 'x' },
      modelCalls: null,
      costUsd: null,
      tokens: null,
      score: v1.summary.overall,
      differences: [],
      differencesOmitted: 0,
      unscorable: null,
      docubench: null,
    };
    expect(EvalReport.parse({ ...v1, items: [item] }).items[0]?.extracted).toBeUndefined();
    expect(EvalReport.safeParse({ ...v1, reportVersion: 3 }).success).toBe(false);
    const badOutput = { ...item, extracted: { type: 'kept', data: { a: 1 }, bytes: -1 } };
    expect(EvalReport.safeParse({ ...v1, reportVersion: 2, items: [badOutput] }).success).toBe(false);
  });
});
