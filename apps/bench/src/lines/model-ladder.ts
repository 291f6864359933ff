import { createAnthropicModelClient } from '@quarry/anthropic';
import { type AttemptRecord, ExtractionExhaustedError, ExtractionRejectedError, extract } from '@quarry/core';
import { startStandin } from '@quarry/standin';
import { defaultRegistry } from '@quarry/workflows';
import type { BenchContext } from '../bench-context';
import { REFERENCE_PATTERN } from '../bench-corpus';
import { benchJobData } from '../bench-jobs';
import { type LineResult, verdict } from '../bench-line';
import { pool } from '../pool';
import { round } from '../stats';

const CHEAP = 'claude-haiku-5-5';
const STRONG = 'claude-sonnet-5-5';
/** Right first time on 70 % of the documents (Haiku 5.5) and 95 % (Sonnet 5.5); see `modelSkill`. */
const modelSkill = { [CHEAP]: 0.7, [STRONG]: 0.95 };
/** Both sides get the same total allowance of replies. */
const MAX_ATTEMPTS = 4;
/** The line's number in `pnpm bench`. */
const LINE = 15;

interface Side {
  readonly jobs: number;
  readonly valid: number;
  /** Jobs whose first reply was valid. */
  readonly firstTry: number;
  readonly calls: number;
  readonly callsByModel: Readonly<Record<string, number>>;
  readonly climbs: Readonly<Record<string, number>>;
  readonly costUsd: number;
  /** What the stand-in billed, at the model table's prices per message (a cross-check of `costUsd`). */
  readonly billedUsd: number;
}

const count = (into: Record<string, number>, key: string) => {
  into[key] = (into[key] ?? 0) + 1;
};

/**
 * Every job of the run through `extract()` and the SDK against a stand-in of its own; both sides
 * ask about the same documents with the same seed, so each document draws the same skill.
 */
async function side(context: BenchContext, ladder: boolean): Promise<Side> {
  const { jobs, concurrency } = context.sizes.ladder;
  const standin = await startStandin({
    simulate: {
      corpus: context.corpus.samples.map(({ workflow, text, truth }) => ({ workflow, text, truth })),
      modelSkill,
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
      const data = benchJobData(context.corpus, 'model-ladder', i);
      const { model: _own, ...workflow } = registry.get(data.workflow, data.version);
      const models = ladder ? { models: [CHEAP, STRONG] } : { model: STRONG };
      try {
        const result = await extract({
          workflow: { ...workflow, ...models, maxAttempts: MAX_ATTEMPTS },
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
    const records: AttemptRecord[] = outcomes.flatMap((outcome) => outcome.records);
    const callsByModel: Record<string, number> = {};
    const climbs: Record<string, number> = {};
    for (const record of records) {
      count(callsByModel, record.model);
      if (record.climb) count(climbs, record.climb);
    }
    return {
      jobs,
      valid: outcomes.filter((outcome) => outcome.valid).length,
      firstTry: outcomes.filter((outcome) => outcome.valid && outcome.records.length === 1).length,
      calls: records.length,
      callsByModel,
      climbs,
      costUsd: records.reduce((sum, record) => sum + (record.costUsd ?? Number.NaN), 0),
      billedUsd: standin.stats.billing.realtime.costUsd,
    };
  } finally {
    await standin.close();
  }
}

const perValid = (side: Side) => side.costUsd / side.valid;
const percent = (part: number, whole: number) => round((100 * part) / whole, 1);
const describe = (side: Side) => ({
  ...side,
  costUsd: round(side.costUsd, 6),
  billedUsd: round(side.billedUsd, 6),
  validPercent: percent(side.valid, side.jobs),
  firstTryPercent: percent(side.firstTry, side.jobs),
  costPerValidUsd: round(perValid(side), 8),
  callsPerJob: round(side.calls / side.jobs, 3),
});

/**
 * Line 15: cost per valid extraction of a model ladder (Haiku 5.5, then Sonnet 5.5) against
 * Sonnet 5.5 alone, on a simulation where Haiku 5.5 is right first time on 70 % of the documents
 * and Sonnet 5.5 on 95 %; both within 4 replies a job. Target: the ladder at most 0.6 of the
 * strong model's cost per valid extraction, at equal or better validity.
 */
export async function modelLadder(context: BenchContext): Promise<LineResult> {
  const { jobs, concurrency } = context.sizes.ladder;
  const ladder = await side(context, true);
  context.log(`line ${LINE}: ladder ${ladder.valid}/${jobs} valid, $${round(ladder.costUsd, 4)}`);
  const strong = await side(context, false);
  context.log(`line ${LINE}: ${STRONG} only ${strong.valid}/${jobs} valid, $${round(strong.costUsd, 4)}`);
  const ratio = perValid(ladder) / perValid(strong);
  const micro = (usd: number) => round(usd * 1e6, 1);
  const [l, s] = [describe(ladder), describe(strong)];
  return {
    id: LINE,
    title: 'Model ladder',
    metric: `µUSD per valid extraction, ${jobs} jobs, ${CHEAP} → ${STRONG} vs ${STRONG} only`,
    quarry: micro(perValid(ladder)),
    baseline: micro(perValid(strong)),
    comparison: round(ratio, 3),
    comparisonLabel: 'ladder / strong only',
    target: '≤ 0.6, validity ≥',
    status: verdict(ratio, (value) => value <= 0.6 && ladder.valid >= strong.valid),
    details: { jobs, concurrency, maxAttempts: MAX_ATTEMPTS, modelSkill, ladder: l, strongOnly: s },
    notes: [
      `validity: ladder ${l.validPercent} %, ${STRONG} only ${s.validPercent} % (first try ${l.firstTryPercent} % vs ${s.firstTryPercent} %)`,
      `cost per valid: ladder $${l.costPerValidUsd}, ${STRONG} only $${s.costPerValidUsd}; ratio ${round(ratio, 3)}`,
      `calls per job: ladder ${l.callsPerJob} (${Object.entries(ladder.callsByModel)
        .map(([model, n]) => `${model} ${n}`)
        .join(', ')}; climbs ${JSON.stringify(ladder.climbs)}), ${STRONG} only ${s.callsPerJob}`,
    ],
  };
}
