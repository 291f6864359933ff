import { z } from 'zod';
import { countStructuredOutputParameters, structuredOutputLimits } from '../models/structured-output-limits';
import { hasArrayOfObjects, type JsonSchema } from './json-schema-paths';
import { outputLeafPaths } from './output-leaf-paths';
import { planFieldGroups, type SchemaLimits } from './plan-field-groups';
import { type PageWindow, pageWindowDefaults, planPageWindows } from './plan-page-windows';
import { SplitInputError } from './split-input-error';
import type { ResolvedSplitSetting } from './split-setting';

/** Why a job is split. */
export const SplitReason = z.enum([
  'pages_over_model_limit',
  'context_over_model_limit',
  'answer_over_max_tokens',
  'schema_over_structured_output_limits',
  'pages_set',
  'fields_set',
]);
export type SplitReason = z.infer<typeof SplitReason>;

/**
 * The figures split planning judges a job by. They are estimates, not measurements: room is left in
 * the context window for the instructions, the schema and the answer, and an answer's size is
 * guessed from the document's, not known before the call.
 */
export const splitEstimates = {
  /** Share of the model's context window a document may fill before its pages are split. */
  contextShare: 0.8,
  /** Answer tokens per document token when the output has an array of objects (a table transcribed). */
  tableAnswerShare: 0.6,
  /** Answer tokens of any other output. */
  plainAnswerTokens: 2_000,
} as const;

/** How a job runs: whole, or as (window × group) children whose outputs are merged. */
export type SplitPlan =
  | { readonly kind: 'whole' }
  | {
      readonly kind: 'split';
      readonly reasons: readonly SplitReason[];
      readonly windows: readonly PageWindow[];
      /** Field groups; a single group always holds every unit (run it with the whole schema). */
      readonly groups: readonly (readonly string[])[];
    };

const whole = (min: number, max: number) => z.number().int().min(min).max(max);
const PlanSplitFacts = z.object({
  document: z.object({
    pages: whole(1, pageWindowDefaults.maxPages).nullable(),
    tokens: whole(0, 1_000_000_000),
  }),
  model: z.object({
    maxPdfPages: whole(1, pageWindowDefaults.maxPages),
    contextTokens: whole(1, 100_000_000),
    maxOutputTokens: whole(1, 100_000_000),
  }),
});

/** Options of {@link planSplit}. */
export interface PlanSplitOptions {
  /** The workflow's setting, resolved (`resolveSplitSetting`). */
  readonly setting: ResolvedSplitSetting;
  /** The output schema as sent (`toOutputJsonSchema(output)`). */
  readonly outputJsonSchema: JsonSchema;
  /** Pages: a PDF's, or a text's (`textPages`); null for an image or anything without pages. Tokens: estimated input. */
  readonly document: { readonly pages: number | null; readonly tokens: number };
  /** `maxOutputTokens`: the job's `max_tokens` cap. */
  readonly model: {
    readonly maxPdfPages: number;
    readonly contextTokens: number;
    readonly maxOutputTokens: number;
  };
  /** Default `structuredOutputLimits`. */
  readonly limits?: SchemaLimits;
}

/**
 * Whether and how a job is split. `'off'` always runs whole. Otherwise:
 * - pages are split, in windows of the setting's `window` and `overlap` (10 and 1 unless the setting
 *   names `pages`), when the setting names `pages` and the document has more than `window` pages
 *   (`pages_set`); or when it has more pages than the model takes (`pages_over_model_limit`); or its
 *   tokens are over {@link splitEstimates}' 80 % of the context window (`context_over_model_limit`);
 *   or the expected answer is over `maxOutputTokens` (`answer_over_max_tokens`; 0.6 × the document's
 *   tokens when the output has an array of objects, else 2,000). A reason is given only where the
 *   pages make more than one window: a document without pages (null) is one window, pages 1 to 1;
 * - fields are split when the setting gives groups (`fields_set`) or the whole output schema is over
 *   the structured output limits (`schema_over_structured_output_limits`), in the groups of
 *   `planFieldGroups`; otherwise there is one group of every unit.
 * With no reason, the job runs whole.
 *
 * @throws {SplitInputError} for a page count, token count or model figure out of range, or from
 * `planPageWindows` and `planFieldGroups`.
 */
export function planSplit(options: PlanSplitOptions): SplitPlan {
  const { setting, outputJsonSchema } = options;
  if (setting.mode === 'off') return { kind: 'whole' };
  const { document, model } = checkedFacts(options);
  const windows =
    document.pages === null
      ? [{ index: 0, firstPage: 1, lastPage: 1 }]
      : planPageWindows({
          pages: document.pages,
          window: setting.pages.window,
          overlap: setting.pages.overlap,
        });
  const pageReasons = windows.length > 1 ? pagesReasons(options, document, model) : [];
  const limits = options.limits ?? structuredOutputLimits;
  const fieldReasons = fieldsReasons(setting, outputJsonSchema, limits);
  const reasons = [...pageReasons, ...fieldReasons];
  if (reasons.length === 0) return { kind: 'whole' };
  const groups =
    fieldReasons.length > 0
      ? planFieldGroups({ outputJsonSchema, fields: setting.fields, limits })
      : [outputLeafPaths(outputJsonSchema)];
  return {
    kind: 'split',
    reasons,
    windows: pageReasons.length > 0 ? windows : [wholeDocument(document.pages)],
    groups,
  };
}

function wholeDocument(pages: number | null): PageWindow {
  return { index: 0, firstPage: 1, lastPage: pages ?? 1 };
}

function pagesReasons(
  options: PlanSplitOptions,
  document: { pages: number | null; tokens: number },
  model: { maxPdfPages: number; contextTokens: number; maxOutputTokens: number },
): SplitReason[] {
  const pages = document.pages ?? 1;
  const answer = hasArrayOfObjects(options.outputJsonSchema)
    ? document.tokens * splitEstimates.tableAnswerShare
    : splitEstimates.plainAnswerTokens;
  const reasons: SplitReason[] = [];
  if (options.setting.pages.forced && pages > options.setting.pages.window) reasons.push('pages_set');
  if (pages > model.maxPdfPages) reasons.push('pages_over_model_limit');
  if (document.tokens > splitEstimates.contextShare * model.contextTokens)
    reasons.push('context_over_model_limit');
  if (answer > model.maxOutputTokens) reasons.push('answer_over_max_tokens');
  return reasons;
}

function fieldsReasons(
  setting: ResolvedSplitSetting,
  schema: JsonSchema,
  limits: SchemaLimits,
): SplitReason[] {
  if (setting.fields !== 'auto') return ['fields_set'];
  const counts = countStructuredOutputParameters(schema);
  const over =
    counts.optionalParameters > limits.maxOptionalParameters ||
    counts.unionParameters > limits.maxUnionParameters;
  return over ? ['schema_over_structured_output_limits'] : [];
}

function checkedFacts(options: PlanSplitOptions): z.infer<typeof PlanSplitFacts> {
  const parsed = PlanSplitFacts.safeParse({ document: options.document, model: options.model });
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new SplitInputError({ problems, cause: parsed.error });
}
