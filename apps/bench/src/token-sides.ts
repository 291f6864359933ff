import { createAnthropicModelClient } from '@quarry/anthropic';
import {
  addUsage,
  type CachePlacementPolicy,
  emptyUsage,
  extractDefaults,
  type Lane,
  modelSpecOf,
  type Usage,
} from '@quarry/core';
import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import { defaultRegistry } from '@quarry/workflows';
import type { BenchContext } from './bench-context';
import { benchJobData, fillWithClient } from './bench-jobs';
import { billedTokens } from './billed-tokens';
import { naiveExtract } from './naive-loop';
import { pool } from './pool';
import { startSimulatedStandin } from './processes/simulated-standin';
import { quarryClientFor } from './quarry-client-for';
import { settle } from './settle';
import { round } from './stats';

/** The retry-heavy simulation both sides face (the same documents draw the same mistakes). */
export const retryHeavyMistakes = { rate: 0.8, unfixableRate: 0.1, count: 2 } as const;

/** The low-retry simulation: 90 % of documents right first time, one mistake each otherwise, 1 % never fixed. */
export const lowRetryMistakes = { rate: 0.1, unfixableRate: 0.01, count: 1 } as const;

/** The stand-in's simulated mistakes (see its `simulate.mistakes`). */
export type Mistakes = { readonly rate: number; readonly unfixableRate: number; readonly count: number };

/** The model of the token lines. */
export const TOKEN_MODEL = extractDefaults.modelId;

/** What one side of a token line spent. */
export interface Side {
  readonly jobs: number;
  readonly valid: number;
  readonly calls: number;
  readonly usage: Usage;
  /** Billed-token equivalent at the standard prices (see `billedTokens`). */
  readonly billed: number;
  /** What it cost in USD, each attempt at its lane's price (the attempt records' and the DLQ's figures). */
  readonly costUsd: number;
}

/** A side's figures for the results file. */
export const describeSide = (side: Side) => ({
  ...side,
  billedPerValid: round(side.billed / side.valid, 1),
  costUsdPerValid: round(side.costUsd / side.valid, 8),
  callsPerJob: round(side.calls / side.jobs, 3),
});

/** Options of {@link quarrySide}. */
export interface QuarrySideOptions {
  readonly jobs: number;
  readonly concurrency: number;
  readonly appendix: string;
  /** Default realtime; batch: every job in the batch lane, batches ending after `batchDelayMs`. */
  readonly lane?: Lane;
  readonly batchDelayMs?: number;
  /** Default {@link retryHeavyMistakes}. */
  readonly mistakes?: Mistakes;
  /** The worker's `QUARRY_CACHE_PLACEMENT`. Default `by_cost`. */
  readonly placement?: CachePlacementPolicy;
}

/** Quarry: worker process, SDK against the stand-in, default settings (lessons on, 3 attempts). */
export async function quarrySide(context: BenchContext, options: QuarrySideOptions): Promise<Side> {
  const { jobs, concurrency, appendix } = options;
  const batch = options.lane === 'batch';
  const redis = await spawnRedis();
  const standin = await startSimulatedStandin({
    corpus: context.corpus,
    mistakes: options.mistakes ?? retryHeavyMistakes,
    cacheMinimum: 'model',
    ...(batch ? { batches: { delayMs: options.batchDelayMs ?? 200 } } : {}),
  });
  const prefix = uniquePrefix('bench-tokens');
  const client = quarryClientFor(redis.url, prefix);
  const batchEnv = {
    QUARRY_DEFAULT_LANE: 'batch',
    BATCH_MAX_WAIT_MS: '500',
    BATCH_POLL_INTERVAL_MS: '250',
  };
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
          env: {
            ANTHROPIC_BASE_URL: standin.url,
            QUARRY_MODEL: TOKEN_MODEL,
            KEEP_COMPLETED_COUNT: '1000000',
            QUARRY_CACHE_PLACEMENT: options.placement ?? 'by_cost',
            ...(batch ? batchEnv : {}),
          },
        },
      ],
    });
    let usage = emptyUsage();
    let calls = 0;
    let costUsd = 0;
    for (const job of outcomes.completed) {
      usage = addUsage(usage, job.result.usage);
      calls += job.result.attempts;
      costUsd += job.result.costUsd ?? Number.NaN;
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
      costUsd += totals.costUsd ?? Number.NaN;
    }
    return {
      jobs,
      valid: outcomes.completed.length,
      calls,
      usage,
      billed: billedTokens(usage, TOKEN_MODEL, context.models),
      costUsd,
    };
  } finally {
    await client.close();
    await standin.close();
    await redis.stop();
  }
}

/** The naive loop, in-process, SDK against its own stand-in with the same simulation (realtime prices). */
export async function naiveSide(
  context: BenchContext,
  options: {
    readonly jobs: number;
    readonly concurrency: number;
    readonly appendix: string;
    /** Default {@link retryHeavyMistakes}. */
    readonly mistakes?: Mistakes;
  },
): Promise<Side> {
  const { jobs, concurrency, appendix } = options;
  const standin = await startSimulatedStandin({
    corpus: context.corpus,
    mistakes: options.mistakes ?? retryHeavyMistakes,
  });
  try {
    const model = createAnthropicModelClient({ apiKey: 'bench', baseURL: standin.url });
    const registry = defaultRegistry();
    const outcomes = await pool(jobs, concurrency, async (i) => {
      const data = benchJobData(context.corpus, 'tokens', i, appendix);
      return naiveExtract({
        model,
        workflow: registry.get(data.workflow, data.version),
        input: data.input,
        modelId: TOKEN_MODEL,
        maxAttempts: extractDefaults.maxAttempts,
      });
    });
    const usage = outcomes.reduce((sum, outcome) => addUsage(sum, outcome.usage), emptyUsage());
    const billed = billedTokens(usage, TOKEN_MODEL, context.models);
    const inputPrice = modelSpecOf(TOKEN_MODEL, context.models)?.prices.input ?? Number.NaN;
    return {
      jobs,
      valid: outcomes.filter((outcome) => outcome.valid).length,
      calls: outcomes.reduce((sum, outcome) => sum + outcome.calls, 0),
      usage,
      billed,
      costUsd: (billed * inputPrice) / 1e6,
    };
  } finally {
    await standin.close();
  }
}
