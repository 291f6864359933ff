import { createAnthropicModelClient } from '@quarry/anthropic';
import {
  type AnyWorkflow,
  type AttemptRecord,
  ExtractionExhaustedError,
  ExtractionRejectedError,
  extract,
  type Grounder,
  type GroundingSetting,
} from '@quarry/core';
import { createGrounder, groundingPlan } from '@quarry/grounding';
import { planHallucination, startStandin } from '@quarry/standin';
import { invoiceWorkflow, invoiceWorkflowV1 } from '@quarry/workflows';
import type { BenchContext } from '../bench-context';
import { documentText, REFERENCE_PATTERN } from '../bench-corpus';
import { referenceOf } from '../bench-jobs';
import { type LineResult, verdict } from '../bench-line';
import { pool } from '../pool';
import { round } from '../stats';
import { groundingScaleReadings } from './grounding-scale-readings';
import { measureSwaps } from './grounding-swaps';

/** The model both sides use, priced from the model table. */
const MODEL = 'claude-haiku-5-5';
/** The stand-in's seed; both sides use it, so the same documents get the same invented values. */
const SEED = 1;
/** Both sides name their documents alike (`grounding-<i>`), for the same reason. */
const RUN = 'grounding';

/** Invented values: 10 % of the documents, half of them with a made-up quote, in the grounded fields. */
const hallucinations = {
  rate: 0.1,
  quoteRate: 0.5,
  paths: groundingPlan({
    output: invoiceWorkflow.output,
    grounding: invoiceWorkflow.grounding ?? 'off',
  }).fields.map((field) => field.pattern),
};

/** What one side measured. */
interface Side {
  readonly jobs: number;
  readonly completed: number;
  /** Completed with exactly the sample's true output. */
  readonly correct: number;
  readonly invented: number;
  /** Invented values that never reached an accepted result unflagged. */
  readonly caught: number;
  /** Of those, caught by a grounding issue or a grounding review reason (the rest by rules). */
  readonly caughtByGrounding: number;
  /** True values grounding checked, and those it failed (not found, mismatch or ambiguous). */
  readonly trueValuesChecked: number;
  readonly trueValuesFlagged: number;
  readonly needsReview: number;
  readonly calls: number;
  readonly outputTokens: number;
  readonly costUsd: number;
}

/** The value at a path like `total` or `lines[0].sku` (no quoted keys). */
function valueAt(data: unknown, path: string): unknown {
  let value = data;
  for (const key of path.split(/\.|\[(\d+)\]/).filter(Boolean)) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

const namesPath = (record: AttemptRecord, path: string, source?: string) =>
  record.issues.some((issue) => issue.path === path && (source === undefined || issue.source === source));

/** Every invoice sample document, `jobs` times round robin, through `extract()` and the SDK. */
async function side(context: BenchContext, workflow: AnyWorkflow, grounder: Grounder | null): Promise<Side> {
  const { jobs, concurrency } = context.sizes.grounding;
  const samples = context.corpus.samples.filter((sample) => sample.workflow === 'invoice');
  const standin = await startStandin({
    simulate: {
      corpus: samples.map(({ workflow, text, truth }) => ({ workflow, text, truth })),
      hallucinations,
    },
    seed: SEED,
    record: false,
    documentKey: new RegExp(REFERENCE_PATTERN),
    models: context.models,
  });
  try {
    const model = createAnthropicModelClient({ apiKey: 'bench', baseURL: standin.url });
    const outcomes = await pool(jobs, concurrency, async (i) => {
      const sample = samples[i % samples.length];
      if (!sample) throw new Error('no invoice samples');
      const reference = referenceOf(RUN, i);
      const planned = planHallucination({
        seed: SEED,
        documentKey: reference,
        truth: sample.truth,
        schema: null,
        hallucinations,
      });
      const invented = planned && { path: planned.path.join('.'), value: planned.value };
      const input = { text: documentText(sample, reference) };
      try {
        const result = await extract({
          workflow: { ...workflow, model: MODEL },
          input,
          model,
          models: context.models,
          ...(grounder ? { grounder } : {}),
        });
        return { sample, invented, records: result.attemptRecords, result };
      } catch (error) {
        if (error instanceof ExtractionExhaustedError || error instanceof ExtractionRejectedError) {
          return { sample, invented, records: error.records, result: null };
        }
        throw error;
      }
    });
    let caught = 0;
    let caughtByGrounding = 0;
    let trueValuesChecked = 0;
    let trueValuesFlagged = 0;
    for (const { sample, invented, records, result } of outcomes) {
      for (const record of records) {
        for (const field of record.groundingFields ?? []) {
          if (field.value !== JSON.stringify(valueAt(sample.truth, field.path))) continue;
          trueValuesChecked++;
          if (field.status !== 'grounded' && field.status !== 'unchecked') trueValuesFlagged++;
        }
      }
      if (!invented) continue;
      const reached = result !== null && valueAt(result.data, invented.path) === invented.value;
      const flagged = result?.weakFields?.some((field) => field.path === invented.path) ?? false;
      if (reached && !flagged) continue;
      caught++;
      if (flagged || records.some((record) => namesPath(record, invented.path, 'grounding')))
        caughtByGrounding++;
    }
    const all = outcomes.flatMap((outcome) => outcome.records);
    return {
      jobs,
      completed: outcomes.filter((outcome) => outcome.result !== null).length,
      correct: outcomes.filter(
        (outcome) =>
          outcome.result !== null &&
          JSON.stringify(outcome.result.data) === JSON.stringify(outcome.sample.truth),
      ).length,
      invented: outcomes.filter((outcome) => outcome.invented !== null).length,
      caught,
      caughtByGrounding,
      trueValuesChecked,
      trueValuesFlagged,
      needsReview: outcomes.filter((outcome) => outcome.result?.needsReview).length,
      calls: all.length,
      outputTokens: all.reduce((sum, record) => sum + record.usage.outputTokens, 0),
      costUsd: all.reduce((sum, record) => sum + (record.costUsd ?? Number.NaN), 0),
    };
  } finally {
    await standin.close();
  }
}

const share = (part: number, whole: number) => (whole === 0 ? Number.NaN : part / whole);
const pct = (value: number) => round(value * 100, 2);

/**
 * Line 14: on the shipped invoice samples with invented values in 10 % of the documents (in the
 * grounded fields: vendor, number, issue date, total; half with a made-up quote), the share of
 * invented values caught with grounding `require` (invoice v2) against grounding off (v1, rules
 * only), the share of true values grounding flags, and what grounding costs: output tokens per
 * job and cost per valid (correct) extraction beside grounding off.
 */
/** The invoice workflow's grounding as it was before label terms: the swaps' "before" figure. */
function withoutCues(): GroundingSetting | undefined {
  const grounding = invoiceWorkflow.grounding;
  if (typeof grounding !== 'object' || grounding === null) return grounding;
  const fields = Object.fromEntries(
    Object.entries(grounding.fields ?? {}).map(([key, { cues: _, ...settings }]) => [key, settings]),
  );
  return { mode: grounding.mode, fields };
}

export async function groundingCatch(context: BenchContext): Promise<LineResult> {
  const { jobs, concurrency } = context.sizes.grounding;
  const grounder = createGrounder({ output: invoiceWorkflow.output, grounding: invoiceWorkflow.grounding });
  const on = await side(context, invoiceWorkflow, grounder);
  context.log(`line 14: require caught ${on.caught}/${on.invented}, ${on.correct}/${jobs} correct`);
  const off = await side(context, invoiceWorkflowV1, null);
  context.log(`line 14: off caught ${off.caught}/${off.invented}, ${off.correct}/${jobs} correct`);
  const invoiceSamples = context.corpus.samples.filter((sample) => sample.workflow === 'invoice');
  const swaps = grounder ? measureSwaps(grounder, invoiceSamples) : { planted: 0, caught: 0, byKind: {} };
  const labelFree = createGrounder({ output: invoiceWorkflow.output, grounding: withoutCues() });
  const swapsBefore = labelFree ? measureSwaps(labelFree, invoiceSamples) : swaps;
  context.log(
    `line 14: wrong-field swaps caught ${swaps.caught}/${swaps.planted} (before: ${swapsBefore.caught})`,
  );
  const scale = groundingScaleReadings(context.corpus.samples);
  const caughtShare = share(on.caught, on.invented);
  const flaggedShare = share(on.trueValuesFlagged, on.trueValuesChecked);
  const perJob = (s: Side) => round(s.outputTokens / s.jobs, 1);
  const perCorrect = (s: Side) => round((s.costUsd / s.correct) * 1e6, 1);
  const passes =
    verdict(caughtShare, (value) => value >= 0.95) === 'PASS' &&
    verdict(flaggedShare, (value) => value <= 0.01) === 'PASS';
  return {
    id: 14,
    title: 'Grounding',
    metric: `% of invented values caught, ${jobs} invoice jobs, 10 % of documents with an invented value`,
    quarry: pct(caughtShare),
    baseline: pct(share(off.caught, off.invented)),
    comparison: pct(flaggedShare),
    comparisonLabel: '% of true values flagged (require)',
    target: '≥ 95 % caught, ≤ 1 % of true values flagged',
    status: passes ? 'PASS' : 'FAIL',
    details: {
      jobs,
      concurrency,
      model: MODEL,
      hallucinations,
      swaps,
      swapsBefore,
      scaleReadings: scale,
      require: {
        ...on,
        costUsd: round(on.costUsd, 6),
        outputTokensPerJob: perJob(on),
        microUsdPerCorrect: perCorrect(on),
      },
      off: {
        ...off,
        costUsd: round(off.costUsd, 6),
        outputTokensPerJob: perJob(off),
        microUsdPerCorrect: perCorrect(off),
      },
    },
    notes: [
      `invented values: require ${on.caught}/${on.invented} caught (${on.caughtByGrounding} by grounding, the rest by rules), off ${off.caught}/${off.invented} (rules only)`,
      `wrong-field values (another field's value quoted under its label): ${swaps.caught}/${swaps.planted} caught (${Object.entries(
        swaps.byKind,
      )
        .map(([kind, figure]) => `${kind} ${figure}`)
        .join(', ')}; before label terms: ${swapsBefore.caught}/${swapsBefore.planted})`,
      `true values flagged by grounding: ${on.trueValuesFlagged} of ${on.trueValuesChecked} checked`,
      `1000× readings of amounts written 1,234 / 1.234 (planted with the true passage, no model): caught ${scale.caught}/${scale.planted} (before: ${scale.caughtBefore}/${scale.planted}); their true values flagged ${scale.trueFlagged} (before: ${scale.trueFlaggedBefore})`,
      `output tokens per job: require ${perJob(on)}, off ${perJob(off)} (+${round(perJob(on) - perJob(off), 1)}); calls per job: require ${round(on.calls / jobs, 2)}, off ${round(off.calls / jobs, 2)}`,
      `µUSD per valid (correct) extraction: require ${perCorrect(on)} (${on.correct}/${jobs} correct), off ${perCorrect(off)} (${off.correct}/${jobs} correct); flagged for review: require ${on.needsReview}, off ${off.needsReview}`,
    ],
  };
}
