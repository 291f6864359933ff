import type { Lane, Lesson, TokenPrices } from '@quarry/core';
import type { FingerprintGroup } from '@quarry/triage';
import type { DocumentsSummary } from './demo-documents';
import type { JobOutcome, OutcomeKind } from './job-outcome';

/** Jobs by outcome; `completedFirstTry + completedAfterRetries + needsReview + deadLettered + unfinished = total`. */
export interface OutcomeCounts {
  total: number;
  completedFirstTry: number;
  completedAfterRetries: number;
  needsReview: number;
  deadLettered: number;
  unfinished: number;
}

/** What `pnpm demo` reports (also the `--json` output). */
export interface DemoSummary {
  readonly mode: 'simulated' | 'live';
  readonly prefix: string;
  readonly redis: { readonly source: 'env' | 'local' | 'spawned'; readonly url: string };
  readonly workflows: readonly string[];
  /** The lane every job was enqueued in; batch-lane replies are priced at half (`lanePriceFactor`). */
  readonly lane: Lane;
  /** The model jobs ran on unless their workflow names another (`QUARRY_MODEL`, else the default). */
  readonly model: string;
  /** Its base prices in the model table (USD per million tokens); null when it has no entry. */
  readonly modelPrices: TokenPrices | null;
  readonly jobs: OutcomeCounts;
  readonly byWorkflow: Readonly<Record<string, OutcomeCounts>>;
  readonly modelCalls: number;
  readonly tokens: {
    readonly input: number;
    readonly output: number;
    readonly cacheCreation: number;
    readonly cacheRead: number;
  };
  /** Cache reads over every input token (plain, cache writes and cache reads). */
  readonly cacheReadShare: number;
  /** From the model table, per request (tiers and cache TTLs included); null when some model had no price. */
  readonly costUsd: number | null;
  /**
   * Completed results (first try or after retries) compared with the samples' true outputs; the
   * results that wait for review are counted apart (`needsReview`), never as plain completions.
   */
  readonly accuracy: {
    readonly compared: number;
    readonly exact: number;
    readonly needsReview: { readonly compared: number; readonly exact: number };
  };
  /**
   * Grounding: values whose quote was not found in the document or disagreed with it, fed back to the
   * model (grounding issues, from the worker's metrics), and the values the simulated model invented
   * (null on the live API, where nobody knows).
   */
  readonly grounding: { readonly caught: number; readonly invented: number | null };
  /** With `--documents pdf`: pages, uploads, grounding by page; null for text documents. */
  readonly documents: DocumentsSummary | null;
  readonly lessons: readonly (Lesson & { readonly workflow: string; readonly version: number })[];
  readonly dlqGroups: readonly FingerprintGroup[];
  readonly dashboard: { readonly url: string; readonly user: string; readonly password: string } | null;
  /** Why the dashboard is missing, when it is. */
  readonly dashboardProblem: string | null;
  /** `--keep-running`: the worker and the dashboard stay up after the summary (else they stop at exit). */
  readonly keepsRunning: boolean;
  readonly metricsUrl: string | null;
  readonly logFile: string;
  readonly durationMs: number;
}

const field: Readonly<Record<OutcomeKind, keyof Omit<OutcomeCounts, 'total'>>> = {
  'first-try': 'completedFirstTry',
  'after-retries': 'completedAfterRetries',
  'needs-review': 'needsReview',
  'dead-lettered': 'deadLettered',
  unfinished: 'unfinished',
};

/** Counts outcomes. */
export function countOutcomes(outcomes: readonly Pick<JobOutcome, 'kind'>[]): OutcomeCounts {
  const counts: OutcomeCounts = {
    total: 0,
    completedFirstTry: 0,
    completedAfterRetries: 0,
    needsReview: 0,
    deadLettered: 0,
    unfinished: 0,
  };
  for (const outcome of outcomes) {
    counts.total++;
    counts[field[outcome.kind]]++;
  }
  return counts;
}

/** The totals part of the summary: counts, tokens, cost, accuracy. */
export function totalsOf(
  outcomes: readonly JobOutcome[],
): Pick<
  DemoSummary,
  'jobs' | 'byWorkflow' | 'modelCalls' | 'tokens' | 'cacheReadShare' | 'costUsd' | 'accuracy'
> {
  const workflows = [...new Set(outcomes.map((outcome) => outcome.workflow))];
  const sum = (pick: (outcome: JobOutcome) => number) => outcomes.reduce((total, o) => total + pick(o), 0);
  const tokens = {
    input: sum((o) => o.usage.inputTokens),
    output: sum((o) => o.usage.outputTokens),
    cacheCreation: sum((o) => o.usage.cacheCreationInputTokens),
    cacheRead: sum((o) => o.usage.cacheReadInputTokens),
  };
  const allInput = tokens.input + tokens.cacheCreation + tokens.cacheRead;
  const unpriced = outcomes.some((o) => o.costUsd === null && o.modelCalls > 0);
  const compared = (kinds: readonly OutcomeKind[]) => {
    const results = outcomes.filter((o) => o.matchesTruth !== null && kinds.includes(o.kind));
    return { compared: results.length, exact: results.filter((o) => o.matchesTruth === true).length };
  };
  return {
    jobs: countOutcomes(outcomes),
    byWorkflow: Object.fromEntries(
      workflows.map((workflow) => [workflow, countOutcomes(outcomes.filter((o) => o.workflow === workflow))]),
    ),
    modelCalls: sum((o) => o.modelCalls),
    tokens,
    cacheReadShare: allInput === 0 ? 0 : tokens.cacheRead / allInput,
    costUsd: unpriced ? null : Math.round(sum((o) => o.costUsd ?? 0) * 1e6) / 1e6,
    accuracy: { ...compared(['first-try', 'after-retries']), needsReview: compared(['needs-review']) },
  };
}
