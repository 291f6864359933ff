import type { ModelTable } from '@quarry/core';
import type { BenchCorpus } from './bench-corpus';
import type { BenchSizes } from './bench-sizes';

/** What every bench line gets. */
export interface BenchContext {
  readonly sizes: BenchSizes;
  readonly corpus: BenchCorpus;
  /** Prices by model: the default table, with `QUARRY_MODELS_FILE` merged over it. */
  readonly models: ModelTable;
  /** Progress lines (stderr). */
  readonly log: (message: string) => void;
}
