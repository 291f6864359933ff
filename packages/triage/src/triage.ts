import type { WorkflowRegistry } from '@quarry/core';
import type { DlqRecord, QuarryQueues, QueueConfigInput, RedisClient } from '@quarry/queue';
import type { DlqSelectors } from './dlq-selectors';
import type { DlqSummary } from './dlq-summary';
import type { DlqRecordUnreadableError } from './errors/dlq-record-unreadable-error';
import type { FingerprintGroup } from './fingerprint-groups';
import type { LineageChain } from './lineage-chain';
import type { SelectedReplayPlan } from './plan-selected-replay';
import type { EvaluationPrune, PruneEvaluationOptions } from './prune-evaluation-records';
import type { ReplayOverridesInput } from './replay-overrides';
import type { ReplayProgress, ReplayReport } from './replay-report';

/** Options of {@link createTriage}. */
export interface TriageOptions {
  /** A Redis connection the caller owns (it stays open on `close()`); replays duplicate it per lane. */
  readonly connection: RedisClient;
  /** The workflows replays are validated against (target versions, input schemas). */
  readonly registry: WorkflowRegistry;
  /** Queue names and prefix; defaults as everywhere else. */
  readonly config?: QueueConfigInput;
  /** Redrives before a chain's records are quarantined. Default 3. */
  readonly maxRedrives?: number;
  /** How long replayed records are kept for audit before `pruneReplayed` removes them. Default 30 days. */
  readonly replayedRetentionMs?: number;
  /** Clock in milliseconds (record times, `since`/`until`, the rate). Default `Date.now`. */
  readonly now?: () => number;
  /** How the rate waits. Default a real timer. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Told about DLQ jobs whose data is not a DLQ record; listings skip them. */
  readonly onUnreadable?: (error: DlqRecordUnreadableError) => void;
}

/** Options of {@link Triage.replayDlq}. */
export interface ReplayOptions {
  /** Which records; at least one selector (or `all: true`) is required. */
  readonly selectors: DlqSelectors;
  /** Report what would happen and change nothing. */
  readonly dryRun?: boolean;
  /** New jobs per second at most, evenly spaced. Default unlimited. */
  readonly rate?: number;
  /** Replays in flight at once. Default 4. */
  readonly concurrency?: number;
  readonly overrides?: ReplayOverridesInput;
  /** Replay quarantined records too. */
  readonly force?: boolean;
  readonly onProgress?: (progress: ReplayProgress) => void;
}

/** Options of {@link Triage.planReplayDlq}: a replay's selection and rules, without running it. */
export type PlanReplayOptions = Pick<ReplayOptions, 'selectors' | 'overrides' | 'force'>;

/** Options of {@link Triage.listDlq}: the selectors, and where a list continues. */
export type ListDlqOptions = DlqSelectors & {
  /**
   * Continue the list after this record (the last one of the previous page): only the records after it
   * newest first (older, or as old with a smaller DLQ id), still cut at `limit`. Pages never repeat or
   * skip a record that stays in the DLQ.
   */
  readonly after?: string | undefined;
};

/** One record with everything a person needs to judge it. */
export interface DlqDetail {
  readonly record: DlqRecord;
  readonly summary: DlqSummary;
  readonly chain: LineageChain;
}

/** The DLQ operations behind both the CLI and the dashboard: one implementation, the same guards. */
export interface Triage {
  /** The extraction queue and the DLQ it works on (e.g. for a dashboard showing them). */
  readonly queues: QuarryQueues;
  readonly maxRedrives: number;
  readonly replayedRetentionMs: number;
  /**
   * Records matching the selectors (every record without any), newest first; only the records returned
   * are read. @throws DlqRecordNotFoundError when `after` (or one of `ids`) names no indexed record.
   */
  listDlq(options?: ListDlqOptions): Promise<DlqSummary[]>;
  /**
   * How many records {@link listDlq} would return for the selectors (cut at `limit`), counted from the
   * DLQ indexes without reading a record: exact, and one ZCOUNT when no selector or a single one of
   * fingerprint, workflow and reason is given (a time window included); with several of those, or a
   * version, the index entries of the smallest candidate index in the window are counted (still no
   * record). With `ids`, the ids that name no indexed record are not counted.
   */
  countDlq(selectors?: DlqSelectors): Promise<number>;
  /** One record with its lineage chain. @throws DlqRecordNotFoundError */
  showDlq(dlqId: string): Promise<DlqDetail>;
  /** Records grouped by fingerprint, largest group first. */
  fingerprintGroups(selectors?: DlqSelectors): Promise<FingerprintGroup[]>;
  /**
   * Replays the selected records as new jobs (see {@link ReplayOptions}).
   * @throws SelectorError / ReplayOptionsError before anything is read or changed.
   */
  replayDlq(options: ReplayOptions): Promise<ReplayReport>;
  /**
   * Plans a replay of the selected records exactly as {@link replayDlq} would (the same selection,
   * skips, checks and job data, in replay order) and changes nothing: for previews that run the
   * planned jobs some other way, such as an evaluation canary (`quarry eval canary`).
   * @throws SelectorError / ReplayOptionsError before anything is read; DlqRecordNotFoundError for an unknown id.
   */
  planReplayDlq(options: PlanReplayOptions): Promise<SelectedReplayPlan>;
  /** Removes replayed records older than the retention (default `replayedRetentionMs`). */
  pruneReplayed(options?: { readonly olderThanMs?: number }): Promise<{ readonly removed: string[] }>;
  /**
   * Removes the dead letters an evaluation run's own jobs just left: each record is read afresh and
   * removed (with its failed job, so the reconciler does not write it again) only when it is still
   * dead, of the job given and tagged `evaluation.runId === runId`; any other is kept, with why.
   */
  pruneEvaluationRecords(options: PruneEvaluationOptions): Promise<EvaluationPrune>;
  /** Closes the queues it opened (not the connection). */
  close(): Promise<void>;
}
