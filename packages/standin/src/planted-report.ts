import { formatPath } from './json-path';
import type { PlantedKind, PlantedPlan } from './planted-mistakes';

/** What the stand-in planted in one document's answers (`simulate.plant`). */
export interface PlantedDocument {
  /** The labelled item's id when the corpus entry has one (`readLabelledSet`), else null. */
  readonly id: string | null;
  readonly workflow: string;
  /** Leaf values of the truth (array items' leaves and nulls included). */
  readonly leaves: number;
  /** Leaves with a value (not null, not blank): what an eval expects. */
  readonly present: number;
  /** `round(rate × leaves)` of each kind. */
  readonly wanted: Readonly<Record<PlantedKind, number>>;
  /** The planted fields by kind, as concrete paths (`lineItems[1].amount`). */
  readonly wrong: readonly string[];
  readonly missing: readonly string[];
  readonly invented: readonly string[];
}

/** Sums over every document planted so far. */
export interface PlantedTotals {
  documents: number;
  leaves: number;
  present: number;
  wrong: number;
  missing: number;
  invented: number;
}

/**
 * The planted mistakes by document name (`StandinOptions.documentKey`) and their totals: a document
 * appears once the model has answered it. An eval scoring leaf by leaf expects, per document,
 * `present − wrong − missing` true positives, `wrong + invented` false positives and
 * `wrong + missing` false negatives.
 */
export interface PlantedReport {
  readonly byDocument: Record<string, PlantedDocument>;
  readonly totals: PlantedTotals;
}

/** Keeps the latest plan of each document the simulated model answered. */
export class PlantedRecorder {
  readonly #documents = new Map<string, PlantedDocument>();

  record(options: {
    readonly documentKey: string;
    readonly id: string | null;
    readonly workflow: string;
    readonly plan: PlantedPlan;
  }): void {
    const { plan } = options;
    const paths = (kind: PlantedKind): string[] =>
      plan.mistakes.filter((mistake) => mistake.kind === kind).map((mistake) => formatPath(mistake.path));
    this.#documents.set(options.documentKey, {
      id: options.id,
      workflow: options.workflow,
      leaves: plan.leaves,
      present: plan.present,
      wanted: { ...plan.wanted },
      wrong: paths('wrong'),
      missing: paths('missing'),
      invented: paths('invented'),
    });
  }

  snapshot(): PlantedReport {
    const totals: PlantedTotals = { documents: 0, leaves: 0, present: 0, wrong: 0, missing: 0, invented: 0 };
    const byDocument: Record<string, PlantedDocument> = {};
    for (const [key, document] of this.#documents) {
      byDocument[key] = structuredClone(document);
      totals.documents++;
      totals.leaves += document.leaves;
      totals.present += document.present;
      totals.wrong += document.wrong.length;
      totals.missing += document.missing.length;
      totals.invented += document.invented.length;
    }
    return { byDocument, totals };
  }
}
