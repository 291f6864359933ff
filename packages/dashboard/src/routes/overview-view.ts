import {
  type BatchesView,
  type BatchSummary,
  type CountSeries,
  type OutcomeSeries,
  type OverviewCounts,
  type ReviewAges,
  summarizeWorkflowStats,
  type WorkflowStatsStore,
  type WorkflowStatsSummary,
} from '@quarry/queue';
import type { FingerprintGroup, Triage } from '@quarry/triage';

/** The windows and cuts of the overview. */
const overviewWindows = {
  /** Jobs per minute over the last hour. */
  outcomes: { bucketMs: 60_000, buckets: 60 },
  /** DLQ arrivals per hour over the last day. */
  arrivals: { bucketMs: 3_600_000, buckets: 24 },
  /** Workflow statistics over the last day. */
  statsMs: 24 * 3_600_000,
  /** Fingerprints drawn (the most recently seen). */
  fingerprints: 8,
  /** Review age buckets: up to 1 h, 1 h to 1 day, older. */
  reviewEdgesMs: [3_600_000, 86_400_000],
  /** Batches read to find those in flight. */
  batches: 200,
} as const;

/** A fingerprint group with its arrivals over the window. */
interface FingerprintTrend {
  readonly group: FingerprintGroup;
  readonly arrivals: CountSeries;
}

/** What the overview page draws. */
export interface OverviewView {
  readonly outcomes: OutcomeSeries;
  readonly workflows: readonly WorkflowStatsSummary[];
  readonly fingerprints: readonly FingerprintTrend[];
  /** Groups beyond the ones drawn. */
  readonly moreFingerprints: number;
  readonly review: { readonly count: number; readonly ages: ReviewAges };
  readonly batches: readonly BatchSummary[];
}

/** Options of {@link readOverviewView}. */
export interface OverviewSources {
  readonly counts: OverviewCounts;
  readonly stats: WorkflowStatsStore;
  readonly triage: Triage;
  readonly batches: BatchesView;
  readonly now: number;
}

async function workflowSummaries(stats: WorkflowStatsStore): Promise<WorkflowStatsSummary[]> {
  const versions = await stats.list(overviewWindows.statsMs);
  return Promise.all(
    versions.map(async (version) =>
      summarizeWorkflowStats(version, await stats.read(version, overviewWindows.statsMs)),
    ),
  );
}

async function fingerprintTrends(sources: OverviewSources): Promise<{
  trends: FingerprintTrend[];
  more: number;
}> {
  const groups = (await sources.triage.fingerprintGroups())
    .filter((group) => group.states.dead + group.states.quarantined > 0)
    .sort((a, b) => b.lastSeen.localeCompare(a.lastSeen));
  const drawn = groups.slice(0, overviewWindows.fingerprints);
  const arrivals = await sources.counts.dlqArrivals(
    drawn.map((group) => group.fingerprint),
    { now: sources.now, ...overviewWindows.arrivals },
  );
  const trends = drawn.map((group) => ({
    group,
    arrivals: arrivals.get(group.fingerprint) ?? { starts: [], counts: [] },
  }));
  return { trends, more: groups.length - drawn.length };
}

/** Reads everything the overview draws, the sources side by side. */
export async function readOverviewView(sources: OverviewSources): Promise<OverviewView> {
  const { counts, now } = sources;
  const [outcomes, workflows, fingerprints, reviewAges, batches] = await Promise.all([
    counts.outcomes({ now, ...overviewWindows.outcomes }),
    workflowSummaries(sources.stats),
    fingerprintTrends(sources),
    counts.reviewAges(now, overviewWindows.reviewEdgesMs),
    sources.batches.list({ limit: overviewWindows.batches }),
  ]);
  const reviewCount = reviewAges.counts.reduce((sum, n) => sum + n, 0);
  return {
    outcomes,
    workflows,
    fingerprints: fingerprints.trends,
    moreFingerprints: fingerprints.more,
    review: { count: reviewCount, ages: reviewAges },
    batches: batches.filter((batch) => batch.status !== 'ended'),
  };
}
