import { type ScoringOptionsInput, scoringOptions } from '../scoring-options';
import { EvalItemOutcome } from './eval-item-outcome';
import { reportOutputBudget } from './eval-kept-output';
import type { EvalProgress } from './eval-progress';
import { EVAL_REPORT_VERSION, type EvalReport, EvalRunInput } from './eval-report';
import { EvalRunError } from './eval-run-error';
import { cutText, itemResultOf } from './item-result-of';
import { type EvalScoring, type ItemScorer, itemScorer } from './score-outcome';
import { type ScoredItem, summariseEval } from './summarise-eval';

/** What `runEvaluation` needs of an item: its id (unique in the run) and its expected output. */
export interface EvalItemInput {
  readonly id: string;
  readonly expected: unknown;
}

/** Options of {@link runEvaluation}. */
export interface RunEvaluationOptions<Item extends EvalItemInput> {
  /** What the run is of; checked (`EvalRunInput`). */
  readonly run: EvalRunInput;
  readonly items: readonly Item[];
  /**
   * The port that runs one item as an extraction job (enqueue, wait for the result or the DLQ) and
   * resolves to its outcome. A rejection, or a value `EvalItemOutcome` refuses, counts as `failed`.
   * `signal` aborts with the run: a port may stop waiting then.
   */
  readonly runItem: (item: Item, context: { readonly signal: AbortSignal }) => Promise<EvalItemOutcome>;
  /** Items in flight at once: 1 to 64 (clamped; default 4). */
  readonly concurrency?: number;
  /** Quarry's scoring (default), or DocuBench's too with the workflow's output JSON Schema. */
  readonly scoring?: EvalScoring;
  /** Tolerances and limits of Quarry's scoring (`ScoringOptions`). */
  readonly scoringOptions?: ScoringOptionsInput;
  /** Told of each item started and finished; must not throw (what it throws is ignored). */
  readonly onProgress?: (progress: EvalProgress) => void;
  /** Stops launching items; those in flight are awaited (they get the signal) and reported. */
  readonly signal?: AbortSignal;
  /** The clock (ms since the epoch); default `Date.now`. */
  readonly now?: () => number;
}

const DEFAULT_CONCURRENCY = 4;
const MAX_CONCURRENCY = 64;

/** A concurrency from outside: a finite number floored into 1..64, anything else the default. */
export function evalConcurrency(value: number | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_CONCURRENCY;
  return Math.min(Math.max(Math.floor(value), 1), MAX_CONCURRENCY);
}

function checkItems<Item extends EvalItemInput>(
  items: readonly Item[],
  scorerOf: (item: Item) => ItemScorer,
): ItemScorer[] {
  const seen = new Set<string>();
  return items.map((item) => {
    if (seen.has(item.id))
      throw new EvalRunError({ problem: 'duplicate-id', itemId: item.id, detail: 'two items share this id' });
    seen.add(item.id);
    try {
      return scorerOf(item);
    } catch (error) {
      const detail = error instanceof Error ? error.message : 'scoring refused the expected output';
      throw new EvalRunError({ problem: 'unscorable', itemId: item.id, detail, cause: error });
    }
  });
}

/** The outcome of one item through the port: a rejection or an invalid value is `failed`. */
async function outcomeOf<Item extends EvalItemInput>(
  runItem: RunEvaluationOptions<Item>['runItem'],
  item: Item,
  signal: AbortSignal,
): Promise<EvalItemOutcome> {
  let value: unknown;
  try {
    value = await runItem(item, { signal });
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : 'the item could not be run';
    return { kind: 'failed', message: cutText(message, 500) };
  }
  const parsed = EvalItemOutcome.safeParse(value);
  if (parsed.success) return parsed.data;
  const paths = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(outcome)'))];
  return { kind: 'failed', message: `runItem returned an invalid outcome (${paths.slice(0, 5).join(', ')})` };
}

/**
 * Runs every item of a labelled set as an extraction job through `runItem`, at most `concurrency` at
 * once, and scores each outcome against its expected output (docs/eval-scoring.md, "Evaluation
 * runs"): a completed item's output by Quarry's rules (and DocuBench's when asked); a dead-lettered or
 * failed item as an empty output, every expected leaf a false negative. Items are launched in order;
 * the report lists them in order whatever order they finish in, each completed item with its output
 * as far as the report keeps outputs (`EvalKeptOutput`: 64 KiB an item, 4 MiB in all, as they finish).
 *
 * Before anything runs, the run metadata is checked, ids must be unique, and every expected output
 * (and the DocuBench schema) must be scorable; otherwise it throws `EvalRunError` (and
 * `ScoreInputError` for bad `scoringOptions`). After `signal` aborts, no item is launched; the
 * report covers the items that ran (`run.aborted`, `summary.notRun`).
 */
export async function runEvaluation<Item extends EvalItemInput>(
  options: RunEvaluationOptions<Item>,
): Promise<EvalReport> {
  const run = EvalRunInput.safeParse(options.run);
  if (!run.success) {
    const detail = run.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new EvalRunError({ problem: 'bad-run', detail, cause: run.error });
  }
  const scoring = options.scoring ?? { kind: 'quarry' };
  const resolvedOptions = scoringOptions(options.scoringOptions);
  const { items } = options;
  const scorers = checkItems(items, (item) =>
    itemScorer({ expected: item.expected, scoring, options: resolvedOptions }),
  );
  const concurrency = evalConcurrency(options.concurrency);
  const signal = options.signal ?? new AbortController().signal;
  const now = options.now ?? Date.now;
  const tell = (progress: EvalProgress) => {
    try {
      options.onProgress?.(progress);
    } catch {
      // A progress display that fails must not stop the run.
    }
  };

  const withinBudget = reportOutputBudget();
  const startedAt = now();
  const scored: (ScoredItem | undefined)[] = [];
  let [next, running, done] = [0, 0, 0];
  const total = items.length;
  const worker = async () => {
    while (!signal.aborted && next < items.length) {
      const index = next++;
      const item = items[index] as Item;
      const scorer = scorers[index] as ItemScorer;
      running++;
      tell({ type: 'started', id: item.id, done, running, total });
      const outcome = await outcomeOf(options.runItem, item, signal);
      const score = outcome.kind === 'completed' ? scorer.score(outcome.data) : scorer.empty;
      scored[index] = { result: withinBudget(itemResultOf(item.id, outcome, score)), score: score.score };
      [running, done] = [running - 1, done + 1];
      tell({
        type: 'finished',
        id: item.id,
        outcome: outcome.kind,
        f1: score.score.overall.f1,
        done,
        running,
        total,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(total, 1)) }, worker));
  const endedAt = now();

  const ran = scored.filter((item): item is ScoredItem => item !== undefined);
  return {
    reportVersion: EVAL_REPORT_VERSION,
    run: {
      ...run.data,
      scoring: scoring.kind,
      scoringOptions: resolvedOptions,
      concurrency,
      startedAt: new Date(startedAt).toISOString(),
      endedAt: new Date(endedAt).toISOString(),
      wallMs: Math.max(endedAt - startedAt, 0),
      aborted: ran.length < total,
    },
    items: ran.map((item) => item.result),
    summary: summariseEval({ items: total, scored: ran, docubench: scoring.kind === 'docubench' }),
  };
}
