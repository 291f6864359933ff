import type { ModelTable } from '@quarry/core';
import type { BenchCorpus } from './bench-corpus';
import type { BenchSizes } from './bench-sizes';

/** What every bench line gets. */
export interface BenchContext {
  readonly sizes: BenchSizes;
  readonly corpus: BenchCorpus;
  /** Prices by model: the default table, with `QUARRY_MODELS_FILE` merged over it. */
  readonly models: ModelTable;
  /** Worker process counts of line 22 asked for with `--processes`; null: the line's default. */
  readonly processes: readonly number[] | null;
  /** Progress lines (stderr). */
  readonly log: (message: string) => void;
}
