import type { JobData } from '@quarry/queue';
import type { SkipReason } from './replay-plan';

/** A record that would be (dry run) or was handed to a new job. */
export interface PlannedReplay {
  readonly dlqId: string;
  readonly newJobId: string;
  readonly workflow: string;
  readonly version: number | undefined;
  readonly reason: string;
  readonly redriveCount: number;
  readonly overrides: JobData['overrides'];
}

/** What a replay did (or, for a dry run, would do). */
export interface ReplayReport {
  readonly dryRun: boolean;
  /** Records the selectors matched. */
  readonly matched: number;
  /** New jobs added (0 for a dry run). */
  readonly replayed: number;
  /** Records rightly left alone, with why. */
  readonly skipped: readonly { readonly dlqId: string; readonly why: string; readonly reason: SkipReason }[];
  /** The new job of each replayed record. */
  readonly jobs: readonly { readonly dlqId: string; readonly newJobId: string }[];
  /** Records that could not be replayed: invalid for the overrides, or an error while writing. */
  readonly failed: readonly { readonly dlqId: string; readonly error: string }[];
  /** Records handed (or, for a dry run, to be handed) to new jobs, in replay order. */
  readonly planned: readonly PlannedReplay[];
}

/** Progress of a running replay, reported after each record. */
export interface ReplayProgress {
  readonly done: number;
  readonly total: number;
  readonly dlqId: string;
  readonly outcome: 'replayed' | 'skipped' | 'failed';
}
