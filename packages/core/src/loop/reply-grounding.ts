import type { AttemptRecord } from '../attempts/attempt-record';
import type { ResolvedDocument } from '../document/resolved-document';
import type { FieldOutcome } from '../grounding/field-outcome';
import type { Grounder } from '../grounding/grounder';
import { parseGroundingConfig } from '../grounding/parse-grounding-config';
import type { Provenance } from '../grounding/provenance';
import type { WeakField } from '../grounding/weak-field';
import { documentOf } from '../request/document-of';
import type { AnyWorkflow } from '../workflow/define-workflow';
import type { ExtractWarning } from './extract-options';

/** Options of {@link replyGrounding}. */
export interface ReplyGroundingOptions {
  readonly workflow: AnyWorkflow;
  readonly input: unknown;
  readonly grounder: Grounder | null | undefined;
  readonly onWarning: (warning: ExtractWarning) => void;
  /** The job's document, when it carries one. */
  readonly document?: ResolvedDocument | undefined;
  /** The job's locale; wins over the workflow's. */
  readonly locale?: string | undefined;
}

/** The review reason of a document job whose values grounding cannot check: there is no text to check them in. */
export const noTextLayerReason =
  'no_text_layer: the document has no text layer (an image or a scan), so grounding could not check its values';

/**
 * How a job's replies are grounded: with the grounder, in the document the model is given. None
 * without a grounder; when the workflow asks for grounding but none was given, one warning
 * (`grounding_unavailable`) says that the job runs ungrounded. A document job without input text is
 * grounded in the document's text layer, read in the job's locale, else the workflow's; without one, `{ noTextLayer: true }`: nothing can be
 * checked, the plain schema is sent and the result is flagged for review ({@link noTextLayerReason}).
 */
export function replyGrounding(options: ReplyGroundingOptions):
  | {
      readonly grounder: Grounder;
      readonly document: string;
      readonly pageStarts?: readonly number[];
      readonly locale?: string;
    }
  | { readonly noTextLayer: true }
  | undefined {
  const { workflow, grounder, document } = options;
  const locale = options.locale ?? workflow.locale;
  const withLocale = locale !== undefined ? { locale } : {};
  if (grounder && document && !hasText(options.input)) {
    if (document.text === null) return { noTextLayer: true };
    return {
      grounder,
      document: document.text,
      ...(document.pageStarts ? { pageStarts: document.pageStarts } : {}),
      ...withLocale,
    };
  }
  if (grounder) return { grounder, document: documentOf(workflow, options.input), ...withLocale };
  if (groundingWanted(workflow)) {
    options.onWarning({
      code: 'grounding_unavailable',
      message: `Workflow ${workflow.name}@v${workflow.version} sets grounding but extract() was given no grounder; its replies are not grounded`,
    });
  }
  return undefined;
}

function hasText(input: unknown): boolean {
  return (
    typeof input === 'object' && input !== null && typeof (input as { text?: unknown }).text === 'string'
  );
}

function groundingWanted(workflow: AnyWorkflow): boolean {
  if (workflow.grounding === undefined) return false;
  const config = parseGroundingConfig(workflow.grounding);
  return (
    config.mode !== 'off' || Object.values(config.fields).some((field) => (field.mode ?? 'off') !== 'off')
  );
}

/** What grounding adds to a result: provenance, field confidence and the weak fields' review reasons. */
export interface GroundedResultPart {
  readonly provenance?: Provenance;
  readonly fieldConfidence?: Readonly<Record<string, number>>;
  readonly weakFields?: readonly WeakField[];
  readonly reviewReasons: readonly string[];
}

/**
 * The grounding part of a result: the accepted reply's provenance, and field confidence from every
 * attempt's outcomes (the accepted reply's last, whether it was just asked for or validated again on
 * resuming). Nothing without grounding.
 */
export function groundedResultPart(options: {
  readonly grounder: Grounder | undefined;
  readonly records: readonly AttemptRecord[];
  readonly accepted: { readonly provenance?: Provenance; readonly groundingFields?: readonly FieldOutcome[] };
}): GroundedResultPart {
  const { grounder, records, accepted } = options;
  if (!grounder || !accepted.provenance) return { reviewReasons: [] };
  const earlier = records.slice(0, -1).map((record) => record.groundingFields ?? []);
  const assessed = grounder.confidence([...earlier, accepted.groundingFields ?? []]);
  return {
    provenance: accepted.provenance,
    fieldConfidence: assessed.confidence,
    weakFields: assessed.weakFields,
    reviewReasons: assessed.reviewReasons,
  };
}
