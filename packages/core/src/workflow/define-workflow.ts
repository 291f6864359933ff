import type { z } from 'zod';
import type { GroundingSetting } from '../grounding/grounding-config';
import { GroundingConfigError } from '../grounding/grounding-config-error';
import { Locale } from '../grounding/locale';
import { parseGroundingConfig } from '../grounding/parse-grounding-config';
import { Lane } from '../lane/lane';
import type { OutputStrategy } from '../model/output-strategy';
import { EffortSetting } from '../models/effort-setting';
import { toOutputJsonSchema } from '../schema/to-output-json-schema';
import { splitPathProblems } from '../split/split-path-problems';
import { SplitSetting, splitSettingProblems } from '../split/split-setting';
import { modelLadderProblems } from './check-model-ladder';
import { checkExamples, type FewShotExample } from './few-shot-example';
import type { Rule } from './rule';

/** Everything Quarry needs to know to run one kind of extraction. */
export interface WorkflowDefinition<In extends z.ZodType = z.ZodType, Out extends z.ZodType = z.ZodType> {
  /** Stable identifier, e.g. `invoice`. Lower-case letters, digits and dashes. */
  readonly name: string;
  /** Positive integer; bump it whenever output, rules or instructions change meaning. */
  readonly version: number;
  readonly description: string;
  /** Schema of the job input; producers are validated against it before anything is enqueued. */
  readonly input: In;
  /** Schema of the extracted data; the reply is validated against it. */
  readonly output: Out;
  readonly rules: readonly Rule<z.infer<Out>, z.infer<In>>[];
  /** What to extract and how; becomes the start of the system prompt. */
  readonly instructions: string;
  /** The document text sent to the model. Defaults to `input.text`. */
  readonly document?: (input: z.infer<In>) => string;
  /** Model to use for this workflow; the worker's configured default otherwise. */
  readonly model?: string;
  /**
   * A model ladder instead of `model`: ids from the model table, cheapest first (at most 4, no
   * repeats). A job starts on the first and moves to the next on no progress, on a failed reply
   * repeating an issue already fed back, or when a model has used `attemptsPerModel` attempts;
   * `maxAttempts` and the budget still bound the whole job.
   */
  readonly models?: readonly string[];
  /** Attempts each model below the top of `models` may use. Default 2 (`extractDefaults`). */
  readonly attemptsPerModel?: number;
  /** Replies that count against the job (parse, schema, rule and truncation failures share it). */
  readonly maxAttempts?: number;
  readonly maxTokens?: number;
  readonly strategy?: OutputStrategy;
  /**
   * `output_config.effort`: a level (`'low'` … `'max'`) for every attempt, or `{ start: 'low' }` for
   * low effort first: each failed attempt repeats one level higher, up to the model's default effort.
   * Default: the model's default from the model table. Sent only to models that take an effort.
   */
  readonly effort?: EffortSetting;
  /**
   * Server-side fallback (the Messages API's `fallbacks` beta): models, in order, that answer when
   * the workflow's model refuses. At most 3. The attempt records the model that answered and is
   * priced by it.
   */
  readonly fallbacks?: readonly string[];
  /** Flag results for review when a numeric output field is below a threshold. */
  readonly reviewBelow?: { readonly field: string; readonly threshold: number };
  /** The lane of this workflow's jobs that name none: `realtime` or `batch` (half price, hours). */
  readonly lane?: Lane;
  /**
   * Grounding: every value checked against the document through a verbatim quote the model gives
   * (`'off'` by default, `'check'`: failures flag for review, `'require'`: failures are fed back and
   * spend attempts), with per-field overrides. Applied when `extract()` is given a `Grounder` for it
   * (`createGrounder` of `@quarry/grounding`; the worker does this).
   */
  readonly grounding?: GroundingSetting;
  /**
   * The locale of this workflow's documents, a BCP 47 tag (`de-DE`, `en-US`, `ja-JP`); a job's own
   * `locale` wins. Grounding reads a lone `.` or `,` before three digits (`1.234`) by its decimal
   * mark; without a locale the document's other numbers may settle it, else such a value is
   * flagged as ambiguous.
   */
  readonly locale?: string;
  /**
   * Few-shot examples (a document's text and the output expected for it), sent in the system prompt
   * after the output contract: part of the prefix every job of this version shares and reads from
   * the prompt cache. Each output is checked against `output` when the workflow is defined.
   */
  readonly examples?: readonly FewShotExample[];
  /**
   * The shortest prefix (tokens) the prompt cache takes for this workflow's model, overriding the
   * model table's `minCacheableTokens`; no breakpoint is placed before a shorter prefix.
   */
  readonly minCacheableTokens?: number;
  /**
   * Split extraction (default `'auto'`): a long document is read in page windows and a wide output
   * schema in field groups, each (window × group) a child job, their outputs merged without a
   * model. `'auto'` splits only what one request cannot hold (see `planSplit`), `'off'` never
   * splits, and the object form sets `pages` (`window`, `overlap`: forces windows), `fields`
   * (groups of output paths, or `'auto'`), `arrayKeys` (the item fields that identify an array's
   * item), `merge` (how windows disagreeing at a leaf are settled) and `onChildFailure`.
   */
  readonly split?: SplitSetting;
  /**
   * Whose mistakes this workflow's lessons learn from (default `'workflow'`): every job of the
   * workflow version shares one error history, whatever its tenant (the point of lessons), or with
   * `'tenant'` each tenant keeps its own.
   */
  readonly historyScope?: WorkflowHistoryScope;
}

/** Whose mistakes a workflow's lessons learn from: every tenant's (`workflow`) or each tenant's own. */
export type WorkflowHistoryScope = 'workflow' | 'tenant';

export type AnyWorkflow = WorkflowDefinition<z.ZodType, z.ZodType>;

const NAME = /^[a-z][a-z0-9-]{0,63}$/;

/**
 * Fallback models one request may name: three, per a summary of the platform page "Refusals and
 * fallback" (checked 2026-11-24); the SDK's `BetaFallbacksParam` sets no limit.
 */
export const MAX_FALLBACKS = 3;

/**
 * Declares a workflow, checking its identity fields. The returned object is the definition itself,
 * typed so that `z.infer` of its `input` and `output` flow to producers and results.
 *
 * @throws TypeError for a bad name, version, effort, lane, locale, fallbacks, model ladder or split
 *   setting (one naming a path the output schema does not hold, or a path in two field groups).
 * @throws WorkflowExampleError for a few-shot example the output schema rejects (naming its index and path).
 * @throws GroundingConfigError for a bad grounding setting (whether it fits the output schema is
 *   checked when a grounder is made for it).
 */
export function defineWorkflow<In extends z.ZodType, Out extends z.ZodType>(
  definition: WorkflowDefinition<In, Out>,
): WorkflowDefinition<In, Out> {
  if (!NAME.test(definition.name)) {
    throw new TypeError(
      `Workflow name "${definition.name}" must be lower-case letters, digits and dashes, starting with a letter`,
    );
  }
  if (!Number.isInteger(definition.version) || definition.version < 1) {
    throw new TypeError(
      `Workflow ${definition.name}: version must be a positive integer, got ${definition.version}`,
    );
  }
  if (definition.effort !== undefined && !EffortSetting.safeParse(definition.effort).success) {
    throw new TypeError(
      `Workflow ${definition.name}: effort must be one of low, medium, high, xhigh, max, or { start: <one of them> }, got ${JSON.stringify(definition.effort)}`,
    );
  }
  if (definition.lane !== undefined && !Lane.safeParse(definition.lane).success) {
    throw new TypeError(
      `Workflow ${definition.name}: lane must be realtime or batch, got ${JSON.stringify(definition.lane)}`,
    );
  }
  if (
    definition.historyScope !== undefined &&
    definition.historyScope !== 'workflow' &&
    definition.historyScope !== 'tenant'
  ) {
    throw new TypeError(
      `Workflow ${definition.name}: historyScope must be workflow or tenant, got ${JSON.stringify(definition.historyScope)}`,
    );
  }
  if (definition.locale !== undefined) {
    const locale = Locale.safeParse(definition.locale);
    if (!locale.success) {
      throw new TypeError(`Workflow ${definition.name}: locale ${locale.error.issues[0]?.message}`);
    }
  }
  const fallbacks = definition.fallbacks ?? [];
  if (
    fallbacks.length > MAX_FALLBACKS ||
    fallbacks.some((model) => typeof model !== 'string' || model === '')
  ) {
    throw new TypeError(
      `Workflow ${definition.name}: fallbacks must be at most ${MAX_FALLBACKS} non-empty model ids, got ${JSON.stringify(definition.fallbacks)}`,
    );
  }
  const ladderProblems = modelLadderProblems(definition);
  if (ladderProblems.length > 0) throw new TypeError(ladderProblems.join('; '));
  if (definition.grounding !== undefined) checkGrounding(definition.name, definition.grounding);
  if (definition.split !== undefined) checkSplit(definition.name, definition.split, definition.output);
  if (definition.examples !== undefined) {
    checkExamples({ workflow: definition.name, output: definition.output, examples: definition.examples });
  }
  const minCacheable = definition.minCacheableTokens;
  if (
    minCacheable !== undefined &&
    !(Number.isInteger(minCacheable) && minCacheable >= 1 && minCacheable <= 1_000_000)
  ) {
    throw new TypeError(
      `Workflow ${definition.name}: minCacheableTokens must be a whole number of tokens from 1 to 1000000, got ${minCacheable}`,
    );
  }
  const ids = new Set<string>();
  for (const rule of definition.rules) {
    if (ids.has(rule.id)) throw new TypeError(`Workflow ${definition.name}: duplicate rule id "${rule.id}"`);
    ids.add(rule.id);
  }
  return definition;
}

function checkGrounding(name: string, setting: GroundingSetting): void {
  try {
    parseGroundingConfig(setting);
  } catch (error) {
    if (!(error instanceof GroundingConfigError)) throw error;
    const problems = error.problems.map((problem) => `Workflow ${name}: ${problem}`);
    throw new GroundingConfigError({ problems, cause: error });
  }
}

function checkSplit(name: string, split: SplitSetting, output: z.ZodType): void {
  const parsed = SplitSetting.safeParse(split);
  const problems = parsed.success ? pathProblems(parsed.data, output) : splitSettingProblems(parsed.error);
  if (problems.length > 0) {
    throw new TypeError(problems.map((problem) => `Workflow ${name}: ${problem}`).join('; '));
  }
}

/** The setting's paths checked against the output schema, converted only when it names paths. */
function pathProblems(setting: SplitSetting, output: z.ZodType): string[] {
  if (typeof setting === 'string') return [];
  const namesPaths = Array.isArray(setting.fields) || setting.arrayKeys || setting.merge;
  return namesPaths ? splitPathProblems({ setting, outputJsonSchema: toOutputJsonSchema(output) }) : [];
}
