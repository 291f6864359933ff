import type { StandinStats } from '@quarry/standin';
import type { ChaosEvent } from './chaos-plan';
import type { SoakAccounting } from './soak-accounting';
import type { SoakOptions } from './soak-options';

/** A disruption as it happened. */
export interface ChaosRecord extends ChaosEvent {
  /** Share of jobs finished when it happened. */
  readonly progress: number;
  readonly atSeconds: number;
  /** The worker killed, for a kill. */
  readonly worker?: number;
}

/** What a soak run did and whether everything adds up. */
export interface SoakReport {
  readonly options: SoakOptions;
  readonly seconds: number;
  readonly chaos: readonly ChaosRecord[];
  /** The jobs' accounting, then the blobs'. */
  readonly accounting: SoakAccounting;
  /** Problems outside the accounting (a planned disruption that never happened, a timeout). */
  readonly problems: readonly string[];
  readonly standin: Pick<StandinStats, 'byStatus' | 'faults' | 'simulation' | 'aborted'> & {
    readonly batches: StandinStats['batches'];
  };
  /** Where the worker logs are (kept when the run failed). */
  readonly logDir: string | null;
}
