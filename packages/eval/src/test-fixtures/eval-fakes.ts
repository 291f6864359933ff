import type { EvalItemOutcome } from '../run/eval-item-outcome';
import { EvalReport, type EvalRunInput } from '../run/eval-report';
import { defaultScoringOptions } from '../scoring-options';

/** The run metadata of the tests. */
export const testRun: EvalRunInput = {
  runId: 'run-1',
  set: 'invoices',
  workflow: { name: 'invoice', version: 2 },
  model: null,
  lane: null,
  lessons: false,
};

/** A completed outcome with `data`; the figures fixed unless given. */
export function completed(
  data: unknown,
  figures: Partial<Omit<EvalItemOutcome & { kind: 'completed' }, 'kind' | 'data'>> = {},
): EvalItemOutcome {
  return {
    kind: 'completed',
    data,
    needsReview: false,
    reviewReasons: [],
    modelCalls: 1,
    firstAttemptValid: true,
    costUsd: 0.01,
    tokens: { input: 1000, output: 100, cacheRead: 0, cacheWrite: 0 },
    wallMs: 1200,
    ...figures,
  };
}

/** A dead-lettered outcome. */
export function deadLettered(kind = 'validation_exhausted'): EvalItemOutcome {
  return {
    kind: 'dead_lettered',
    reason: { kind, message: 'the output stayed invalid' },
    modelCalls: 3,
    costUsd: 0.03,
    tokens: { input: 3000, output: 300, cacheRead: 500, cacheWrite: 200 },
  };
}

/** A promise resolved from outside, and a count of those waiting. */
export class Gate {
  readonly #waiting: (() => void)[] = [];
  get waiting(): number {
    return this.#waiting.length;
  }
  wait(): Promise<void> {
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
  /** Lets every waiting call go on. */
  openAll(): void {
    for (const resolve of this.#waiting.splice(0)) resolve();
  }
}

/** Metrics with a given F1 (precision = recall = F1; counts out of 100 leaves). */
const metrics = (f1: number) => {
  const truePositives = Math.round(f1 * 100);
  const wrong = 100 - truePositives;
  return { truePositives, falsePositives: wrong, falseNegatives: wrong, precision: f1, recall: f1, f1 };
};

/** A report of no items with the given figures, valid by `EvalReport`. */
export function reportWith(figures: {
  readonly runId?: string;
  readonly f1: number;
  readonly fields?: Readonly<Record<string, number>>;
  readonly docubench?: number | null;
  readonly run?: Partial<EvalRunInput>;
}): EvalReport {
  return EvalReport.parse({
    reportVersion: 1,
    run: {
      ...testRun,
      ...figures.run,
      runId: figures.runId ?? 'run-1',
      scoring: figures.docubench === undefined || figures.docubench === null ? 'quarry' : 'docubench',
      scoringOptions: defaultScoringOptions,
      concurrency: 4,
      startedAt: '2026-01-01T00:00:00.000Z',
      endedAt: '2026-01-01T00:01:00.000Z',
      wallMs: 60_000,
      aborted: false,
    },
    items: [],
    summary: {
      items: 10,
      run: 10,
      notRun: 0,
      completed: 10,
      needsReview: 0,
      deadLettered: 0,
      failed: 0,
      overall: metrics(figures.f1),
      fields: Object.entries(figures.fields ?? {}).map(([field, f1]) => ({ field, ...metrics(f1) })),
      docubench: figures.docubench ?? null,
      firstAttemptValidShare: 1,
      meanModelCalls: 1,
      costUsd: 0.1,
      costPerItemUsd: 0.01,
      costPerCorrectFieldUsd: 0.001,
      tokens: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
      meanItemWallMs: 1000,
    },
  });
}

export interface TestItem {
  readonly id: string;
  readonly expected: Record<string, unknown>;
}

/** Items of five string leaves each: `a` to `e`. */
export const testItems = (count: number): TestItem[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `item-${String(i).padStart(2, '0')}`,
    expected: Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((key) => [key, `${key}-${i}`])),
  }));

/** The expected output with its first `wrong` leaves (in key order) changed. */
export const withWrong = (expected: Record<string, unknown>, wrong: number) =>
  Object.fromEntries(Object.entries(expected).map(([key, value], i) => [key, i < wrong ? 'wrong' : value]));
