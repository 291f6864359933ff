import { join } from 'node:path';
import type { BenchContext } from '../bench-context';
import { type LineResult, notRun, verdict } from '../bench-line';
import { corpusDirectory } from '../corpus-check/corpus-directory';
import { loadEvalAccuracySet } from '../eval-accuracy-set';
import { evalLaneFigures } from '../eval-lane-figures';
import { type PlantRates, runEvalLane } from '../eval-lane-run';
import { round } from '../stats';

/**
 * The planted mistakes, per document `round(rate × leaves)` of each kind (half up): a tenth of the
 * leaves wrong, a twentieth missing, a tenth invented. Most fieldbench documents have 6 to 9 leaves,
 * so a twentieth would invent values only in the longer ones, which have few null fields.
 */
const PLANT: PlantRates = { wrongRate: 0.1, missingRate: 0.05, inventedRate: 0.1, seed: 20 };
/** How far the measured F1 may be from the planted one, in percentage points. */
const TOLERANCE_PP = 1;

/**
 * Line 20: an evaluation of a labelled set (fieldbench from the development corpus when present,
 * else the shipped support-ticket samples) through `runEvaluation` and `evalItemRunner` on a worker
 * process, with the stand-in planting known mistakes: the measured overall F1 against the F1 the
 * planted mistakes imply (`standin.planted`). The same eval on the batch lane gives the second
 * figure: its cost against the realtime lane's.
 */
export async function evalAccuracy(context: BenchContext): Promise<LineResult> {
  const { perCategory, samples, concurrency } = context.sizes.evalAccuracy;
  const base = {
    id: 20,
    title: 'Eval accuracy',
    metric: 'overall F1 %, planted mistakes',
    comparisonLabel: 'measured − planted, pp',
    target: `|Δ| ≤ ${TOLERANCE_PP} pp`,
  };
  const set = await loadEvalAccuracySet({
    fieldbench: join(corpusDirectory(), 'fieldbench'),
    perCategory,
    samples,
  });
  try {
    const count = set.groups.reduce((sum, group) => sum + group.items.length, 0);
    context.log(`line 20: ${count} items of ${set.description}; ${set.leftOut.length} left out`);
    if (count === 0)
      return notRun(base, `no item of ${set.description} has an expected output that fits its workflow`);
    const realtime = evalLaneFigures(
      await runEvalLane({ set, lane: 'realtime', concurrency, plant: PLANT }),
      set,
    );
    context.log(
      `line 20: realtime F1 ${round(realtime.f1 * 100, 2)} %, planted ${round((realtime.plantedF1 ?? Number.NaN) * 100, 2)} %`,
    );
    const batch = evalLaneFigures(await runEvalLane({ set, lane: 'batch', concurrency, plant: PLANT }), set);
    context.log(
      `line 20: batch F1 ${round(batch.f1 * 100, 2)} %, planted ${round((batch.plantedF1 ?? Number.NaN) * 100, 2)} %`,
    );
    const costRatio = batch.costUsd / realtime.costUsd;
    const worst = Math.max(
      Math.abs(realtime.differencePp ?? Number.NaN),
      Math.abs(batch.differencePp ?? Number.NaN),
    );
    return {
      ...base,
      metric: `overall F1 %, ${count} items, planted wrong ${PLANT.wrongRate}, missing ${PLANT.missingRate}, invented ${PLANT.inventedRate}`,
      quarry: round(realtime.f1 * 100, 2),
      baseline: realtime.plantedF1 === null ? null : round(realtime.plantedF1 * 100, 2),
      comparison: realtime.differencePp === null ? null : round(realtime.differencePp, 2),
      status: verdict(worst, (value) => value <= TOLERANCE_PP),
      details: {
        set: set.source,
        description: set.description,
        items: count,
        leftOut: set.leftOut,
        workflows: set.groups.map((group) => ({ workflow: group.workflow, items: group.items.length })),
        plant: PLANT,
        concurrency,
        realtime,
        batch,
        costRatioBatchOverRealtime: round(costRatio, 4),
        billedRatioBatchOverRealtime: round(
          batch.billing.batch.costUsd / realtime.billing.realtime.costUsd,
          4,
        ),
      },
      notes: [
        `set: ${set.description}, ${count} items${set.leftOut.length ? `, ${set.leftOut.length} left out (expected output does not fit the workflow, or a repeated document)` : ''}`,
        `planted ${realtime.plantedTotals?.wrong} wrong, ${realtime.plantedTotals?.missing} missing, ${realtime.plantedTotals?.invented} invented of ${realtime.plantedTotals?.present} present leaves; ` +
          `realtime ${realtime.completed} completed, ${realtime.deadLettered} dead-lettered, ${realtime.failed} failed, ${realtime.mismatchedItems} items off their planted counts; ` +
          `batch lane F1 ${round(batch.f1 * 100, 2)} % (planted ${round((batch.plantedF1 ?? Number.NaN) * 100, 2)} %)`,
        `cost of the eval: batch lane $${round(batch.costUsd, 4)} / realtime $${round(realtime.costUsd, 4)} = ${round(costRatio, 3)} ` +
          `(${batch.billing.batch.messages} batch entries and ${batch.billing.realtime.messages} realtime messages billed; wall ${batch.seconds} s / ${realtime.seconds} s)`,
      ],
    };
  } finally {
    set.close();
  }
}
