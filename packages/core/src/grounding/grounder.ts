import type { Issue } from '../issues/issue';
import type { FieldOutcome } from './field-outcome';
import type { Provenance } from './provenance';
import type { WeakField } from './weak-field';

/** Quotes the model gave, by concrete field path (`lineItems[0].amount`); null where it gave null. */
export type Evidence = Readonly<Record<string, string | null>>;

/** What grounding concluded about one reply that passed schema and rules. */
export interface GroundingVerdict {
  /** Failures of `require` fields (source `grounding`): fed back to the model like any other issue. */
  readonly issues: readonly Issue[];
  /** Failures of `check` fields and other doubts: the result is flagged for review. */
  readonly reviewReasons: readonly string[];
  /** Where each located quote is in the document (offsets into the original text). */
  readonly provenance: Provenance;
  /** What grounding found for each checked value, kept per attempt for {@link Grounder.confidence}. */
  readonly fields: readonly FieldOutcome[];
}

/** How far each grounded value of an accepted reply can be trusted. */
export interface GroundingConfidence {
  /** 0–1 by concrete path. */
  readonly confidence: Readonly<Record<string, number>>;
  /** One per field below its `reviewBelow`, naming it and what lowered it. */
  readonly reviewReasons: readonly string[];
  /** The fields a person should look at (below their `reviewBelow`, or failed grounding), as data. */
  readonly weakFields: readonly WeakField[];
}

/**
 * The port through which the extraction loop grounds one workflow's replies in the document. The
 * core stays free of the matching engine: `@quarry/grounding` implements this (`createGrounder`) and
 * the caller of `extract()` passes it in. Every method is pure and never throws for a bad reply.
 */
export interface Grounder {
  /** The JSON Schema sent to the model in place of the workflow's own: it asks for evidence. */
  readonly outputSchema: Record<string, unknown>;
  /** Takes the evidence out of a parsed reply; `data` is then validated against the workflow's schema. */
  split(reply: unknown): { readonly data: unknown; readonly evidence: Evidence };
  /** Checks the validated data against the document the model was given, with the quotes split off. */
  check(options: {
    readonly document: string;
    readonly data: unknown;
    readonly evidence: Evidence;
    /** The document's BCP 47 locale (the job's, else the workflow's): how `1.234` is read. */
    readonly locale?: string | undefined;
  }): GroundingVerdict;
  /** Field confidence of the accepted reply from every attempt's `fields`, the accepted attempt's last. */
  confidence(attempts: readonly (readonly FieldOutcome[])[]): GroundingConfidence;
}
