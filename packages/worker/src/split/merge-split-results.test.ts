import { defineWorkflow, resolveSplitSetting } from '@quarry/core';
import type { ExtractionJobResult } from '@quarry/queue';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_SPLIT_REVIEW_REASONS, mergeSplitResults } from './merge-split-results';
import type { SplitPlanRecord } from './split-plan-record';

const workflow = defineWorkflow({
  name: 'rows',
  version: 1,
  description: 'rows',
  input: z.object({ text: z.string() }),
  output: z.object({ total: z.number().nullable(), rows: z.array(z.object({ id: z.string() })) }),
  rules: [],
  instructions: 'rows',
});

const windows = (n: number) =>
  Array.from({ length: n }, (_, index) => ({ index, firstPage: index * 9 + 1, lastPage: index * 9 + 10 }));
const plan = (n: number): SplitPlanRecord => ({
  version: 1,
  source: 'pdf',
  pages: n * 9 + 1,
  reasons: ['pages_over_model_limit'],
  windows: windows(n),
  groups: null,
});
const result = (data: unknown, overrides: Partial<ExtractionJobResult> = {}): ExtractionJobResult => ({
  data,
  needsReview: false,
  reviewReasons: [],
  attempts: 1,
  usage: { inputTokens: 100, outputTokens: 10, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
  costUsd: 0.01,
  model: 'claude-haiku-4-5',
  workflow: 'rows',
  version: 1,
  durationMs: 5,
  ...overrides,
});
const merge = (results: Map<number, ExtractionJobResult>, n: number, failed = new Map<number, string>()) =>
  mergeSplitResults({
    workflow,
    input: { text: '' },
    setting: resolveSplitSetting({ arrayKeys: { rows: ['id'] } }),
    plan: plan(n),
    results,
    failed,
    rerunDone: false,
    rerunCount: 0,
    windowText: () => null,
  });

describe('mergeSplitResults', () => {
  it('sums cost, tokens and model calls over the children, and reports the merge', async () => {
    const outcome = await merge(
      new Map([
        [0, result({ total: null, rows: [{ id: 'a' }, { id: 'b' }] })],
        [1, result({ total: 7, rows: [{ id: 'b' }, { id: 'c' }] }, { attempts: 2, costUsd: 0.02 })],
      ]),
      2,
    );
    expect(outcome.kind).toBe('complete');
    if (outcome.kind !== 'complete') return;
    expect(outcome.result).toMatchObject({
      data: { total: 7, rows: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] },
      attempts: 3,
      usage: { inputTokens: 200, outputTokens: 20 },
      split: { windows: 2, groups: 1, children: 2, merged: { duplicatesRemoved: 1, conflicts: [] } },
    });
    expect(outcome.result.costUsd).toBeCloseTo(0.03, 10);
  });

  it('gives a null cost when a child had no known price', async () => {
    const outcome = await merge(
      new Map([
        [0, result({ total: 1, rows: [] })],
        [1, result({ total: 1, rows: [] }, { costUsd: null })],
      ]),
      2,
    );
    expect(outcome.kind === 'complete' && outcome.result.costUsd).toBeNull();
  });

  it(`keeps at most ${MAX_SPLIT_REVIEW_REASONS} review reasons, saying how many more there were`, async () => {
    const results = new Map(
      Array.from({ length: 60 }, (_, i) => [
        i,
        result({ total: 1, rows: [{ id: `r${i}` }] }, { needsReview: true, reviewReasons: [`weak ${i}`] }),
      ]),
    );
    const outcome = await merge(results, 60);
    if (outcome.kind !== 'complete') throw new Error(outcome.kind);
    expect(outcome.result.reviewReasons).toHaveLength(MAX_SPLIT_REVIEW_REASONS);
    expect(outcome.result.reviewReasons.at(-1)).toBe('… and 11 more review reasons');
  });

  it('dead-letters when the merged output breaks the schema and no child failed', async () => {
    const outcome = await merge(new Map([[0, result({ total: 'x', rows: [] })]]), 1);
    expect(outcome).toMatchObject({ kind: 'dead_letter', error: { kind: 'validation_exhausted' } });
  });
});
