import { type ScoreCounts, scoreMetrics } from '@quarry/eval';
import type { StandinStats } from '@quarry/standin';
import type { EvalAccuracySet } from './eval-accuracy-set';
import type { EvalLaneRun } from './eval-lane-run';
import { PlantedFigures, plantedCounts } from './planted-counts';
import { round } from './stats';

/** Items whose score differs from their planted counts listed in the results file. */
const LISTED_MISMATCHES = 10;

const sumCounts = (counts: readonly ScoreCounts[]): ScoreCounts => ({
  truePositives: counts.reduce((sum, count) => sum + count.truePositives, 0),
  falsePositives: counts.reduce((sum, count) => sum + count.falsePositives, 0),
  falseNegatives: counts.reduce((sum, count) => sum + count.falseNegatives, 0),
});

/** What the figures read of a lane's run. */
type LaneRun = Pick<EvalLaneRun, 'reports' | 'seconds'> & {
  readonly stats: Pick<StandinStats, 'planted' | 'billing'>;
};
type ItemReferences = Pick<EvalAccuracySet, 'itemOfReference'>;

const sameCounts = (a: ScoreCounts, b: ScoreCounts): boolean =>
  a.truePositives === b.truePositives &&
  a.falsePositives === b.falsePositives &&
  a.falseNegatives === b.falseNegatives;

/** What the stand-in planted in each item's answers, by item id, with the item's leaf count. */
function plantedByItem(run: LaneRun, set: ItemReferences) {
  const byItem = new Map<string, { readonly counts: ScoreCounts; readonly leaves: number }>();
  for (const [reference, document] of Object.entries(run.stats.planted?.byDocument ?? {})) {
    const id = set.itemOfReference.get(reference);
    const figures = PlantedFigures.safeParse({
      present: document.present,
      wrong: document.wrong.length,
      missing: document.missing.length,
      invented: document.invented.length,
    });
    if (id !== undefined && figures.success)
      byItem.set(id, { counts: plantedCounts(figures.data), leaves: document.leaves });
  }
  return byItem;
}

/** Measured against planted F1 of each workflow's run, and its documents' leaf counts. */
function byWorkflow(run: LaneRun, planted: ReturnType<typeof plantedByItem>) {
  return run.reports.map((report) => {
    const plans = report.items.flatMap((item) => {
      const plan = planted.get(item.id);
      return plan ? [plan] : [];
    });
    const leaves = plans.map((plan) => plan.leaves);
    return {
      workflow: report.run.workflow.name,
      items: report.items.length,
      f1: round(report.summary.overall.f1, 4),
      plantedF1: round(scoreMetrics(sumCounts(plans.map((plan) => plan.counts))).f1, 4),
      leavesPerDocument: leaves.length ? [Math.min(...leaves), Math.max(...leaves)] : null,
    };
  });
}

/**
 * One lane's figures: the measured counts (every workflow's report summed), the counts the
 * stand-in's planted totals imply, each F1 and their difference in points, outcomes, cost, and the
 * items whose own counts differ from their planted ones.
 */
export function evalLaneFigures(run: LaneRun, set: ItemReferences) {
  const items = run.reports.flatMap((report) => report.items);
  const measured = sumCounts(run.reports.map((report) => report.summary.overall));
  const totals = PlantedFigures.safeParse(run.stats.planted?.totals);
  const planted = totals.success ? plantedCounts(totals.data) : null;
  const perItem = plantedByItem(run, set);
  const mismatches = items.flatMap((item) => {
    const plan = perItem.get(item.id);
    if (!plan || sameCounts(item.score, plan.counts)) return [];
    const { truePositives, falsePositives, falseNegatives } = item.score;
    return [
      { id: item.id, measured: { truePositives, falsePositives, falseNegatives }, planted: plan.counts },
    ];
  });
  const outcomes = (kind: string) => items.filter((item) => item.outcome.kind === kind).length;
  const f1 = scoreMetrics(measured).f1;
  const plantedF1 = planted ? scoreMetrics(planted).f1 : null;
  return {
    items: items.length,
    completed: outcomes('completed'),
    deadLettered: outcomes('dead_lettered'),
    failed: outcomes('failed'),
    deadLetterReasons: items.flatMap((item) =>
      item.outcome.kind === 'dead_lettered' ? [`${item.id}: ${item.outcome.reason.kind}`] : [],
    ),
    /** Items the stand-in never answered (so nothing was planted for them). */
    unanswered: items.filter((item) => !perItem.has(item.id)).length,
    measured,
    f1,
    planted,
    plantedTotals: run.stats.planted?.totals ?? null,
    plantedF1,
    differencePp: plantedF1 === null ? null : (f1 - plantedF1) * 100,
    byWorkflow: byWorkflow(run, perItem),
    costUsd: run.reports.reduce((sum, report) => sum + report.summary.costUsd, 0),
    modelCalls: items.reduce((sum, item) => sum + (item.modelCalls ?? 0), 0),
    billing: run.stats.billing,
    seconds: round(run.seconds, 1),
    mismatchedItems: mismatches.length,
    mismatches: mismatches.slice(0, LISTED_MISMATCHES),
  };
}
