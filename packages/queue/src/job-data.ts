import {
  documentOfInput,
  Effort,
  JobDocument,
  Lane,
  Locale,
  MAX_LADDER_MODELS,
  TenantId,
} from '@quarry/core';
import { z } from 'zod';
import { JobEvaluation } from './job-evaluation';
import { JobPart } from './job-part';
import { JobTrace } from './job-trace';
import { ModelId } from './model-id';
import { utf8Bytes } from './utf8-bytes';

/** Largest serialized `metadata`, in UTF-8 bytes of its JSON. */
export const MAX_METADATA_BYTES = 4096;

/** Same rule as workflow names: lower-case letters, digits and dashes, starting with a letter. */
const WORKFLOW_NAME = /^[a-z][a-z0-9-]{0,63}$/;

/** A metadata value: a scalar, never a nested object or array. */
export const MetadataValue = z.union([z.string(), z.number(), z.boolean(), z.null()], {
  error: 'must be a string, number, boolean or null (metadata is flat)',
});
export type MetadataValue = z.infer<typeof MetadataValue>;

/** Small flat object carried with the job for the producer's own bookkeeping; never sent to the model. */
export const JobMetadata = z
  .record(z.string(), MetadataValue)
  .refine((metadata) => utf8Bytes(JSON.stringify(metadata)) <= MAX_METADATA_BYTES, {
    error: (issue) =>
      `must serialize to at most ${MAX_METADATA_BYTES} bytes of JSON, got ${utf8Bytes(JSON.stringify(issue.input))}`,
  })
  .describe(
    `Flat object of string, number, boolean or null values; at most ${MAX_METADATA_BYTES} bytes as JSON.`,
  );
export type JobMetadata = z.infer<typeof JobMetadata>;

/** Where a job comes from: the job that started the chain, the job it replays, how often it was redriven. */
export const Lineage = z.strictObject({
  rootJobId: z.string().min(1),
  replayOf: z.string().min(1).optional(),
  redriveCount: z.number().int().nonnegative(),
});
export type Lineage = z.infer<typeof Lineage>;

/**
 * Settings a replay (or a producer) may change for one job. Each model must be one of the workflow's
 * models or of the configured allow-list (`QUARRY_ALLOWED_MODELS`), checked at enqueue and by the
 * worker. `model` runs the job on that model alone; `models` on that ladder (cheapest first).
 */
export const JobOverrides = z
  .strictObject({
    model: ModelId.optional().describe(
      "A model of the workflow or of the workers' QUARRY_ALLOWED_MODELS; any other is refused. Replaces the workflow's model or ladder.",
    ),
    models: z
      .array(ModelId)
      .min(1, { error: `must list 1 to ${MAX_LADDER_MODELS} model ids` })
      .max(MAX_LADDER_MODELS, { error: `must list 1 to ${MAX_LADDER_MODELS} model ids` })
      .refine((models) => new Set(models).size === models.length, { error: 'names a model more than once' })
      .optional()
      .describe(
        "A model ladder for this job, cheapest first (each a model of the workflow or of QUARRY_ALLOWED_MODELS, priced in the model table): the job starts on the first and moves up on no progress, a repeated issue or a spent allowance. Replaces the workflow's model or ladder.",
      ),
    maxAttempts: z.number().int().min(1).max(20).optional(),
  })
  .refine((overrides) => overrides.model === undefined || overrides.models === undefined, {
    error: 'give either model or models (a ladder), not both',
    path: ['models'],
  });
export type JobOverrides = z.infer<typeof JobOverrides>;

/** Largest `budget.maxTokens` a job may set. */
export const MAX_BUDGET_TOKENS = 100_000_000;
/** Largest `budget.maxCostUsd` a job may set, in US dollars. */
export const MAX_BUDGET_COST_USD = 1000;

/**
 * What one job may spend over all its model calls; the job is dead-lettered as `budget_exhausted`
 * before a call that would go over. A limit the job does not set falls back to the worker's default
 * (`JOB_MAX_COST_USD` for the cost), when there is one.
 */
export const JobBudget = z
  .strictObject({
    maxTokens: z
      .number()
      .int({ error: 'must be a whole number of tokens' })
      .positive({ error: 'must be a positive number of tokens' })
      .max(MAX_BUDGET_TOKENS, { error: `must be at most ${MAX_BUDGET_TOKENS} tokens` })
      .optional()
      .describe('Tokens (input, output and cached) over every model call of the job.'),
    maxCostUsd: z
      .number()
      .positive({ error: 'must be a positive number of US dollars' })
      .max(MAX_BUDGET_COST_USD, { error: `must be at most ${MAX_BUDGET_COST_USD} US dollars` })
      .optional()
      .describe("US dollars over every model call of the job (at the worker's prices)."),
  })
  .describe('What the job may spend; when absent the worker default (JOB_MAX_COST_USD) applies.');
export type JobBudget = z.infer<typeof JobBudget>;

/**
 * A job's input: whatever its workflow takes (checked by the workflow's input schema), except that a
 * `document` field, when there is one, must be a {@link JobDocument}.
 */
export const JobInput = z
  .unknown()
  .nonoptional({ error: 'is required (the workflow input)' })
  .superRefine((input, context) => {
    const document = documentOfInput(input);
    if (document === undefined) return;
    const parsed = JobDocument.safeParse(document);
    for (const issue of parsed.error?.issues ?? []) {
      context.addIssue({ ...issue, code: 'custom', path: ['document', ...issue.path] });
    }
  })
  .describe(
    "The workflow's input, e.g. { text } for the shipped workflows; a document (PDF or image) goes in input.document.",
  );

/**
 * The job data contract of the extraction queue. Producers in any language may enqueue jobs that
 * match it (see docs/job-data.schema.json); a job that does not is dead-lettered as `invalid_payload`.
 */
export const JobData = z
  .strictObject({
    workflow: z
      .string()
      .regex(WORKFLOW_NAME, { error: 'must be a workflow name: lower-case letters, digits and dashes' })
      .describe('Name of a registered workflow, e.g. "invoice".'),
    version: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('Workflow version; the latest registered version when absent.'),
    input: JobInput,
    tenant: TenantId.optional(),
    historyScope: z
      .string()
      .min(1)
      .max(128)
      .optional()
      .describe('Narrows the shared error history, e.g. to one tenant.'),
    idempotencyKey: z
      .string()
      .min(1)
      .max(256)
      .optional()
      .describe('The same key gives the same job within the idempotency retention window.'),
    effort: Effort.optional().describe(
      "output_config.effort for every attempt of this job (wins over the workflow's effort, ladder included); sent only to models that take an effort.",
    ),
    locale: Locale.optional().describe(
      "The document's locale as a BCP 47 tag (de-DE, en-US, ja-JP); wins over the workflow's. Grounding reads a lone . or , before three digits (1.234) by its decimal mark.",
    ),
    metadata: JobMetadata.optional(),
    lineage: Lineage.optional(),
    overrides: JobOverrides.optional(),
    budget: JobBudget.optional(),
    lane: Lane.optional().describe(
      "realtime (one Messages API call per attempt) or batch (Message Batches, half price, answered within hours); default the workflow's lane, else the worker's QUARRY_DEFAULT_LANE, else realtime.",
    ),
    deadline: z.iso
      .datetime({ offset: true, error: 'must be an ISO 8601 date and time, e.g. 2026-01-31T18:00:00Z' })
      .optional()
      .describe(
        'When the result is needed (ISO 8601). A batch-lane attempt still waiting to be collected when the deadline comes within BATCH_DEADLINE_MARGIN_MS moves to the realtime lane.',
      ),
    evaluation: JobEvaluation.optional(),
    part: JobPart.optional(),
    trace: JobTrace.optional(),
  })
  .describe('Data of one Quarry extraction job.');
export type JobData = z.infer<typeof JobData>;
