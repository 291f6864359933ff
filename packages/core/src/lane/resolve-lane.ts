import type { Lane } from './lane';

/** Options of {@link resolveLane}: the lane named at each level, when one was. */
export interface ResolveLaneOptions {
  /** The job's own `lane`. */
  readonly job?: Lane | undefined;
  /** The workflow's `lane`. */
  readonly workflow?: Lane | undefined;
  /** The worker's default (`QUARRY_DEFAULT_LANE`). */
  readonly worker?: Lane | undefined;
}

/** The lane a job runs in: the job's, else its workflow's, else the worker's default, else `realtime`. */
export function resolveLane(options: ResolveLaneOptions): Lane {
  return options.job ?? options.workflow ?? options.worker ?? 'realtime';
}
