import type { BenchCorpus } from '../bench-corpus';
import { REFERENCE_PATTERN } from '../bench-corpus';
import { type StandinProcess, spawnStandin } from './standin-process';

/** Options of {@link startSimulatedStandin}: the stand-in's `simulate`, `faults` and `latency` settings. */
export interface SimulatedStandinOptions {
  readonly corpus: BenchCorpus;
  readonly mistakes?: Record<string, unknown>;
  readonly persistentMistakes?: readonly Record<string, unknown>[];
  readonly faults?: Record<string, unknown>;
  readonly latency?: Record<string, unknown>;
  readonly seed?: number;
  /** The stand-in's Message Batches options (processing delay, shares, limits). */
  readonly batches?: Record<string, unknown>;
  /** Rate limits the stand-in enforces (`requestsPerMinute`, `inputTokensPerMinute`, `outputTokensPerMinute`). */
  readonly rateLimits?: Record<string, unknown>;
  /** `model`: breakpoints before a prefix shorter than the model's minimum cache nothing. Default `none`. */
  readonly cacheMinimum?: 'model' | 'none';
  /** Pattern whose first group names a request's document. Default: the job's reference. */
  readonly documentKey?: string;
}

/**
 * A stand-in process in simulated-model mode over the shipped samples, naming documents by their
 * `Reference:` line (so its per-document counters are per job), keeping no requests.
 */
export function startSimulatedStandin(options: SimulatedStandinOptions): Promise<StandinProcess> {
  return spawnStandin({
    simulate: {
      corpus: options.corpus.samples.map(({ workflow, text, truth }) => ({ workflow, text, truth })),
      ...(options.mistakes ? { mistakes: options.mistakes } : {}),
      ...(options.persistentMistakes ? { persistentMistakes: options.persistentMistakes } : {}),
    },
    ...(options.faults ? { faults: options.faults } : {}),
    ...(options.latency ? { latency: options.latency } : {}),
    ...(options.batches ? { batches: options.batches } : {}),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    seed: options.seed ?? 1,
    record: false,
    documentKey: options.documentKey ?? REFERENCE_PATTERN,
    cacheEntries: 200_000,
    ...(options.cacheMinimum ? { cacheMinimum: options.cacheMinimum } : {}),
  });
}
