import type { Usage } from '@quarry/core';
import { type LineResult, verdict } from './bench-line';
import { round } from './stats';

/** What one model spent on one set of jobs of the simulation. */
export interface ModelRun {
  readonly model: string;
  readonly jobs: number;
  readonly valid: number;
  readonly calls: number;
  /** Every attempt's cost, from the model table. */
  readonly costUsd: number;
  readonly usage: Usage;
}

/** USD per 1000 valid extractions; null without a valid one. */
const perThousandValid = (run: ModelRun): number | null =>
  run.valid === 0 ? null : (run.costUsd / run.valid) * 1000;

/** Each model's cost per 1000 valid extractions and its ratio to the cheapest, in the runs' order. */
export function rankByCost(runs: readonly ModelRun[]) {
  const costs = runs.map((run) => ({ run, perThousand: perThousandValid(run) }));
  const known = costs.flatMap(({ perThousand }) => (perThousand === null ? [] : [perThousand]));
  const cheapest = known.length > 0 ? Math.min(...known) : null;
  return costs.map(({ run, perThousand }) => ({
    model: run.model,
    perThousand,
    ratio: perThousand === null || cheapest === null || cheapest === 0 ? null : perThousand / cheapest,
  }));
}

/** Entries cheapest first (those without a figure last), with their index in the runs. */
const byCost = (ranked: ReturnType<typeof rankByCost>) =>
  ranked
    .map((entry, i) => ({ entry, i }))
    .sort(
      (a, b) =>
        (a.entry.perThousand ?? Number.POSITIVE_INFINITY) - (b.entry.perThousand ?? Number.POSITIVE_INFINITY),
    );

const money = (value: number | null): string => (value === null ? 'no valid job' : `$${value.toFixed(4)}`);
const times = (value: number | null): string => (value === null ? '—' : `${value.toFixed(2)}×`);

/** Options of {@link modelPricesResult}. */
export interface ModelPricesResultOptions {
  /** Shipped samples, one run per model, same jobs and simulated mistakes. */
  readonly runs: readonly ModelRun[];
  /** The same on long documents (prompts over 100,000 tokens), to show price tiers. */
  readonly longRuns: readonly ModelRun[];
  readonly defaultModel: string;
  readonly simulation: string;
  readonly longPromptTokens: number;
  /** Models of the table left out, and why (e.g. deprecated). */
  readonly leftOut?: string;
}

/**
 * Line 9: cost per valid extraction of each model of the table at the same simulated skill, side
 * by side with its ratio to the cheapest; PASS when the default model is the cheapest.
 */
export function modelPricesResult(options: ModelPricesResultOptions): LineResult {
  const ranked = rankByCost(options.runs);
  const longRanked = rankByCost(options.longRuns);
  const chosen = ranked.find((entry) => entry.model === options.defaultModel);
  const cheapest = ranked.reduce<(typeof ranked)[number] | null>(
    (best, entry) =>
      entry.perThousand !== null && (best?.perThousand == null || entry.perThousand < best.perThousand)
        ? entry
        : best,
    null,
  );
  const width = Math.max(...ranked.map((entry) => entry.model.length));
  const jobs = options.runs[0]?.jobs ?? 0;
  return {
    id: 9,
    title: 'Model prices',
    metric: `USD per 1000 valid extractions, ${jobs} retry-heavy jobs per model, ${ranked.length} models`,
    quarry: chosen?.perThousand == null ? null : round(chosen.perThousand, 4),
    baseline: cheapest?.perThousand == null ? null : round(cheapest.perThousand, 4),
    comparison: chosen?.ratio == null ? null : round(chosen.ratio, 3),
    comparisonLabel: `default (${options.defaultModel}) / cheapest`,
    target: '= 1 (the default model is the cheapest)',
    status: verdict(chosen?.ratio ?? null, (ratio) => ratio <= 1 + 1e-9),
    details: {
      defaultModel: options.defaultModel,
      simulation: options.simulation,
      models: ranked.map((entry, i) => ({
        ...entry,
        run: options.runs[i],
        longDocuments: { ...longRanked[i], run: options.longRuns[i] },
      })),
    },
    notes: [
      `same simulated skill for every model (${options.simulation}); cost from the model table, per attempt; USD per 1000 valid extractions (ratio to the cheapest) | long documents, prompts over ${options.longPromptTokens.toLocaleString('en-US')} tokens${options.leftOut ? `; left out: ${options.leftOut}` : ''}`,
      ...byCost(ranked).map(({ entry, i }) => {
        const long = longRanked[i];
        return `${entry.model.padEnd(width)}  ${money(entry.perThousand).padStart(10)} (${times(entry.ratio).padStart(7)})  | ${money(long?.perThousand ?? null).padStart(10)} (${times(long?.ratio ?? null).padStart(7)})`;
      }),
    ],
  };
}
