import type { BenchCorpus } from './bench-corpus';
import type { BenchSizes } from './bench-sizes';

/** What every bench line gets. */
export interface BenchContext {
  readonly sizes: BenchSizes;
  readonly corpus: BenchCorpus;
  /** Progress lines (stderr). */
  readonly log: (message: string) => void;
}
