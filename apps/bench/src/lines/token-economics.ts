import { createAnthropicModelClient } from '@quarry/anthropic';
import { addUsage, emptyUsage, extractDefaults, type Usage } from '@quarry/core';
import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import { defaultRegistry } from '@quarry/workflows';
import { termsAppendix } from '../appendix-text';
import type { BenchContext } from '../bench-context';
import { benchJobData, fillWithClient } from '../bench-jobs';
import { type LineResult, verdict } from '../bench-line';
import { billedTokens } from '../billed-tokens';
import { naiveExtract } from '../naive-loop';
import { pool } from '../pool';
import { startSimulatedStandin } from '../processes/simulated-standin';
import { quarryClientFor } from '../quarry-client-for';
import { settle } from '../settle';
import { round } from '../stats';

/** The retry-heavy simulation both sides face (the same documents draw the same mistakes). */
export const retryHeavyMistakes = { rate: 0.8, unfixableRate: 0.1, count: 2 } as const;

const MODEL = extractDefaults.modelId;

interface Side {
  readonly jobs: number;
  readonly valid: number;
  readonly calls: number;
  readonly usage: Usage;
  readonly billed: number;
}

const describe = (side: Side) => ({
  ...side,
  billedPerValid: round(side.billed / side.valid, 1),
  callsPerJob: round(side.calls / side.jobs, 3),
});

/** Quarry: worker process, SDK against the stand-in, default settings (lessons on, 3 attempts). */
async function quarrySide(
  context: BenchContext,
  jobs: number,
  concurrency: number,
  appendix: string,
): Promise<Side> {
  const redis = await spawnRedis();
  const standin = await startSimulatedStandin({ corpus: context.corpus, mistakes: retryHeavyMistakes });
  const prefix = uniquePrefix('bench-tokens');
  const client = quarryClientFor(redis.url, prefix);
  try {
    const outcomes = await settle({
      redisUrl: redis.url,
      prefix,
      jobs,
      fill: () =>
        fillWithClient({ client, corpus: context.corpus, run: 'tokens', count: jobs, appendix }).then(
          () => undefined,
        ),
      workers: [
        {
          kind: 'quarry',
          model: 'sdk',
          redisUrl: redis.url,
          prefix,
          concurrency,
          env: { ANTHROPIC_BASE_URL: standin.url, QUARRY_MODEL: MODEL, KEEP_COMPLETED_COUNT: '1000000' },
        },
      ],
    });
    let usage = emptyUsage();
    let calls = 0;
    for (const job of outcomes.completed) {
      usage = addUsage(usage, job.result.usage);
      calls += job.result.attempts;
    }
    for (const record of outcomes.deadLettered) {
      const { totals } = record;
      usage = addUsage(usage, {
        inputTokens: totals.inputTokens,
        outputTokens: totals.outputTokens,
        cacheCreationInputTokens: totals.cacheCreationInputTokens,
        cacheReadInputTokens: totals.cacheReadInputTokens,
      });
      calls += totals.modelCalls;
    }
    return {
      jobs,
      valid: outcomes.completed.length,
      calls,
      usage,
      billed: billedTokens(usage, MODEL, context.models),
    };
  } finally {
    await client.close();
    await standin.close();
    await redis.stop();
  }
}

/** The naive loop, in-process, SDK against its own stand-in with the same simulation. */
async function naiveSide(
  context: BenchContext,
  jobs: number,
  concurrency: number,
  appendix: string,
): Promise<Side> {
  const standin = await startSimulatedStandin({ corpus: context.corpus, mistakes: retryHeavyMistakes });
  try {
    const model = createAnthropicModelClient({ apiKey: 'bench', baseURL: standin.url });
    const registry = defaultRegistry();
    const outcomes = await pool(jobs, concurrency, async (i) => {
      const data = benchJobData(context.corpus, 'tokens', i, appendix);
      return naiveExtract({
        model,
        workflow: registry.get(data.workflow, data.version),
        input: data.input,
        modelId: MODEL,
        maxAttempts: extractDefaults.maxAttempts,
      });
    });
    const usage = outcomes.reduce((sum, outcome) => addUsage(sum, outcome.usage), emptyUsage());
    return {
      jobs,
      valid: outcomes.filter((outcome) => outcome.valid).length,
      calls: outcomes.reduce((sum, outcome) => sum + outcome.calls, 0),
      usage,
      billed: billedTokens(usage, MODEL, context.models),
    };
  } finally {
    await standin.close();
  }
}

/** Both sides on one kind of document. */
async function compare(context: BenchContext, appendix: string) {
  const { jobs, concurrency } = context.sizes.tokens;
  const quarry = await quarrySide(context, jobs, concurrency, appendix);
  const naive = await naiveSide(context, jobs, concurrency, appendix);
  const perValid = (side: Side) => side.billed / side.valid;
  const inputSide = (side: Side) =>
    billedTokens({ ...side.usage, outputTokens: 0 }, MODEL, context.models) / side.valid;
  return {
    quarry,
    naive,
    ratio: perValid(quarry) / perValid(naive),
    inputRatio: inputSide(quarry) / inputSide(naive),
  };
}

/** Characters of terms appended in the long-document scenario (about 6,000 tokens). */
const LONG_APPENDIX_CHARACTERS = 24_000;

/**
 * Line 5: billed-token equivalent per valid extraction on a retry-heavy simulation, Quarry (bounded
 * retry context, prompt caching, no-progress stop) vs a naive loop resending the whole transcript.
 * Judged on the shipped samples; the same simulation on long documents (the samples followed by
 * pages of terms) is measured alongside, since the saving grows with the share of the prompt that
 * the document is.
 */
export async function tokenEconomics(context: BenchContext): Promise<LineResult> {
  const { jobs, concurrency } = context.sizes.tokens;
  const shipped = await compare(context, '');
  context.log(`line 5: shipped samples, Quarry / naive = ${round(shipped.ratio, 3)}`);
  const long = await compare(context, termsAppendix(LONG_APPENDIX_CHARACTERS));
  context.log(`line 5: long documents, Quarry / naive = ${round(long.ratio, 3)}`);
  const { quarry, naive, ratio } = shipped;
  const q = quarry.billed / quarry.valid;
  const n = naive.billed / naive.valid;
  return {
    id: 5,
    title: 'Token economics',
    metric: `billed-token equivalent per valid extraction, ${jobs} jobs, retry-heavy`,
    quarry: round(q, 0),
    baseline: round(n, 0),
    comparison: round(ratio, 3),
    comparisonLabel: 'Quarry / naive loop',
    target: '≤ 0.5',
    status: verdict(ratio, (value) => value <= 0.5),
    details: {
      jobs,
      concurrency,
      model: MODEL,
      mistakes: retryHeavyMistakes,
      shippedSamples: {
        quarry: describe(quarry),
        naive: describe(naive),
        ratio: round(shipped.ratio, 3),
        inputSideRatio: round(shipped.inputRatio, 3),
      },
      longDocuments: {
        appendixCharacters: LONG_APPENDIX_CHARACTERS,
        quarry: describe(long.quarry),
        naive: describe(long.naive),
        ratio: round(long.ratio, 3),
        inputSideRatio: round(long.inputRatio, 3),
      },
    },
    notes: [
      `simulation: ${retryHeavyMistakes.rate * 100} % of documents wrong first (${retryHeavyMistakes.count} mistakes each), ${retryHeavyMistakes.unfixableRate * 100} % never fixed; valid: Quarry ${quarry.valid}, naive ${naive.valid} of ${jobs}; calls per job: Quarry ${round(quarry.calls / jobs, 2)}, naive ${round(naive.calls / jobs, 2)}`,
      `input side only (output tokens, 5x input price and the same for both, left out): ${round(shipped.inputRatio, 3)}`,
      `long documents (samples + ${LONG_APPENDIX_CHARACTERS / 1000}k characters of terms): ${round(long.ratio, 3)}, input side ${round(long.inputRatio, 3)}`,
    ],
  };
}
