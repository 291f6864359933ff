import { createAnthropicModelClient } from '@quarry/anthropic';
import {
  addUsage,
  type Effort,
  type EffortSetting,
  ExtractionExhaustedError,
  ExtractionRejectedError,
  emptyUsage,
  extract,
  type ModelSpec,
  modelSpecOf,
  type Usage,
} from '@quarry/core';
import { startStandin } from '@quarry/standin';
import { defaultRegistry } from '@quarry/workflows';
import type { BenchContext } from '../bench-context';
import { REFERENCE_PATTERN } from '../bench-corpus';
import { benchJobData } from '../bench-jobs';
import { type LineResult, verdict } from '../bench-line';
import { pool } from '../pool';
import { round } from '../stats';

/** The model both sides use: the platform's extraction model, whose default effort is `medium`. */
const MODEL = 'claude-haiku-5-5';

/** Low effort answers 80 % of the documents right; every higher level answers all of them. */
const effortSkill = { low: 0.8 } as const;

/** The model table's entry of {@link MODEL}, whose prices both sides are charged at. */
function tableSpec(context: BenchContext): ModelSpec {
  const spec = modelSpecOf(MODEL, context.models);
  if (!spec) throw new Error(`${MODEL} is not in the model table`);
  return spec;
}

interface Side {
  readonly jobs: number;
  readonly valid: number;
  readonly calls: number;
  readonly usage: Usage;
  readonly costUsd: number;
  /** Attempts by the effort they were asked at. */
  readonly byEffort: Readonly<Partial<Record<Effort, number>>>;
}

/** Every job of the run through `extract()` and the SDK against a stand-in of its own. */
async function side(context: BenchContext, run: string, effort: EffortSetting | undefined): Promise<Side> {
  const { jobs, concurrency } = context.sizes.effort;
  const standin = await startStandin({
    simulate: {
      corpus: context.corpus.samples.map(({ workflow, text, truth }) => ({ workflow, text, truth })),
      effortSkill,
    },
    seed: 1,
    record: false,
    documentKey: new RegExp(REFERENCE_PATTERN),
    models: context.models,
  });
  try {
    const model = createAnthropicModelClient({ apiKey: 'bench', baseURL: standin.url });
    const registry = defaultRegistry();
    const outcomes = await pool(jobs, concurrency, async (i) => {
      const data = benchJobData(context.corpus, run, i);
      const workflow = registry.get(data.workflow, data.version);
      try {
        const result = await extract({
          workflow: { ...workflow, model: MODEL, ...(effort ? { effort } : {}) },
          input: data.input,
          model,
          models: context.models,
        });
        return { valid: true, records: result.attemptRecords };
      } catch (error) {
        if (error instanceof ExtractionExhaustedError || error instanceof ExtractionRejectedError) {
          return { valid: false, records: error.records };
        }
        throw error;
      }
    });
    let usage = emptyUsage();
    let costUsd = 0;
    const byEffort: Partial<Record<Effort, number>> = {};
    for (const outcome of outcomes) {
      for (const record of outcome.records) {
        usage = addUsage(usage, record.usage);
        costUsd += record.costUsd ?? Number.NaN;
        if (record.effort) byEffort[record.effort] = (byEffort[record.effort] ?? 0) + 1;
      }
    }
    return {
      jobs,
      valid: outcomes.filter((outcome) => outcome.valid).length,
      calls: outcomes.reduce((sum, outcome) => sum + outcome.records.length, 0),
      usage,
      costUsd,
      byEffort,
    };
  } finally {
    await standin.close();
  }
}

const describe = (side: Side) => ({
  ...side,
  costUsd: round(side.costUsd, 6),
  costPerValidUsd: round(side.costUsd / side.valid, 8),
  callsPerJob: round(side.calls / side.jobs, 3),
  thinkingTokensPerJob: round((side.usage.thinkingTokens ?? 0) / side.jobs, 1),
});

/**
 * Line 10: cost per valid extraction with the effort ladder (`effort: { start: 'low' }`: low first,
 * a failed attempt repeats one level up, here at Haiku 5.5's default `medium`) against the model's
 * default effort only, on a simulation where low effort answers 80 % of the documents right.
 */
export async function effortLadder(context: BenchContext): Promise<LineResult> {
  const { jobs, concurrency } = context.sizes.effort;
  const ladder = await side(context, 'effort-ladder', { start: 'low' });
  context.log(`line 10: low-first ${ladder.valid}/${jobs} valid, $${round(ladder.costUsd, 4)}`);
  const fixed = await side(context, 'effort-default', undefined);
  context.log(`line 10: default-only ${fixed.valid}/${jobs} valid, $${round(fixed.costUsd, 4)}`);
  const perValid = (s: Side) => s.costUsd / s.valid;
  const ratio = perValid(ladder) / perValid(fixed);
  const micro = (usd: number) => round(usd * 1e6, 1);
  const { prices } = tableSpec(context);
  return {
    id: 10,
    title: 'Effort ladder',
    metric: `µUSD per valid extraction, ${jobs} jobs, ${MODEL}, low effort right 80 %`,
    quarry: micro(perValid(ladder)),
    baseline: micro(perValid(fixed)),
    comparison: round(ratio, 3),
    comparisonLabel: 'low-first / default only',
    target: '< 1',
    status: verdict(ratio, (value) => value < 1),
    details: {
      jobs,
      concurrency,
      model: MODEL,
      effortSkill,
      prices,
      lowFirst: describe(ladder),
      defaultOnly: describe(fixed),
      ratio: round(ratio, 3),
    },
    notes: [
      `valid: low-first ${ladder.valid}, default only ${fixed.valid} of ${jobs}; calls per job: low-first ${round(ladder.calls / jobs, 2)}, default only ${round(fixed.calls / jobs, 2)}`,
      `thinking tokens per job (stand-in: 150 at low, 600 at medium): low-first ${describe(ladder).thinkingTokensPerJob}, default only ${describe(fixed).thinkingTokensPerJob}`,
      `priced per attempt from the model table: $${prices.input}/$${prices.output} per MTok in/out`,
    ],
  };
}
