import { Effort, Lane } from '@quarry/core';
import type { JobBudget } from '@quarry/queue';
import { defaultRegistry } from '@quarry/workflows';
import { Option } from 'commander';
import { z } from 'zod';
import { positiveDecimalFlag, positiveIntegerFlag, switchFlag, textFlag, tokensFlag } from '../flag-schemas';
import { type DeadlineRequest, deadlineFlag } from './deadline-flag';
import type { DocumentSource } from './read-document';

/** How long `--wait` waits by default. */
export const DEFAULT_TIMEOUT_SECONDS = 120;

/** The options of `quarry enqueue`. */
export const enqueueOptions = (): Option[] => [
  new Option(
    '-w, --workflow <name>',
    `workflow to run (${[
      ...new Set(
        defaultRegistry()
          .list()
          .map((workflow) => workflow.name),
      ),
    ].join(', ')}, or one that QUARRY_WORKFLOWS loads)`,
  ),
  new Option('--version <N>', 'workflow version (default: the latest)'),
  new Option(
    '-f, --file <path>',
    'the document from a file: a PDF, PNG, JPEG, WebP or GIF (told from its bytes) goes to the blob store; anything else is read as UTF-8 text',
  ),
  new Option('-t, --text <string>', 'the document text itself'),
  new Option('--id <key>', 'idempotency key: the same key gives the same job, never a second one'),
  new Option(
    '--tenant <tenant>',
    'the customer the job is for (letters, digits, -, _, ., at most 64; default: default): its fair share, limits and costs',
  ),
  new Option('--scope <scope>', 'history scope, e.g. a tenant (lessons are shared within it)'),
  new Option(
    '--effort <level>',
    `output_config.effort for every attempt: ${Effort.options.join(', ')} (default: the workflow's, else the model's default; models that take no effort get none)`,
  ),
  new Option(
    '--max-tokens <N>',
    'budget: tokens the job may use over all its model calls (a whole number from 1 to 100,000,000)',
  ),
  new Option(
    '--max-cost-usd <USD>',
    "budget: US dollars the job may spend over all its model calls (a positive number up to 1000; default: the worker's JOB_MAX_COST_USD, if set); over it the job is dead-lettered as budget_exhausted",
  ),
  new Option(
    '--lane <lane>',
    `${Lane.options.join(' or ')}: one Messages API call per attempt, or Message Batches at half price, answered within hours (default: the workflow's lane, else the worker's QUARRY_DEFAULT_LANE, else realtime)`,
  ),
  new Option(
    '--deadline <when>',
    'when the result is needed: an ISO 8601 time (2026-01-31T18:00:00Z) or a duration from now (90m, 6h, 2d); a batch-lane attempt still waiting when it comes within BATCH_DEADLINE_MARGIN_MS goes realtime',
  ),
  new Option('--wait', 'wait for the job to finish'),
  new Option(
    '--timeout <seconds>',
    `how long --wait waits, in seconds (a positive number; default ${DEFAULT_TIMEOUT_SECONDS})`,
  ),
  new Option(
    '--json',
    'print one JSON object: { jobId, workflow, version, created, document? }; with --wait { jobId, status: "completed" | "dead-lettered", data?, needsReview?, reviewReasons?, attempts?, usage?, costUsd?, provenance?, fieldConfidence?, weakFields?, split?, dlqId?, reason? }',
  ),
];

/** What `quarry enqueue`'s command line asks for, checked. */
export interface EnqueueRequest {
  readonly workflow: string;
  readonly version: number | undefined;
  readonly source: DocumentSource;
  readonly idempotencyKey: string | undefined;
  /** Checked with the rest of the job, naming `tenant`. */
  readonly tenant: string | undefined;
  readonly historyScope: string | undefined;
  readonly effort: Effort | undefined;
  /** Ranges (at most 100,000,000 tokens, 1000 US dollars) are checked with the rest of the job, naming `budget.…`. */
  readonly budget: JobBudget | undefined;
  readonly lane: Lane | undefined;
  /** A duration is turned into a time when the job is enqueued ({@link deadlineAt}). */
  readonly deadline: DeadlineRequest | undefined;
  readonly wait: boolean;
  readonly timeoutMs: number;
  readonly json: boolean;
}

/** A positive number of seconds as `Number()` reads it, in milliseconds. */
const timeoutFlag = z
  .string()
  .refine((text) => text.trim() !== '' && Number(text) > 0 && Number.isFinite(Number(text)), {
    error: 'must be a positive number of seconds',
  })
  .transform((text) => Math.round(Number(text) * 1000));

/** The flags of `quarry enqueue`, checked and read into an {@link EnqueueRequest}. */
export const EnqueueFlags = z
  .object({
    workflow: z.string({ error: '--workflow <name> is required' }).min(1, { error: 'must name a workflow' }),
    version: positiveIntegerFlag.optional(),
    file: textFlag.optional(),
    text: textFlag.optional(),
    id: textFlag.optional(),
    tenant: textFlag.optional(),
    scope: textFlag.optional(),
    effort: z.enum(Effort.options, { error: `must be one of ${Effort.options.join(', ')}` }).optional(),
    maxTokens: tokensFlag.optional(),
    maxCostUsd: positiveDecimalFlag('US dollars').optional(),
    lane: z.enum(Lane.options, { error: `must be one of ${Lane.options.join(', ')}` }).optional(),
    deadline: deadlineFlag.optional(),
    wait: switchFlag,
    timeout: timeoutFlag.optional(),
    json: switchFlag,
  })
  .superRefine((flags, context) => {
    if ((flags.file === undefined) === (flags.text === undefined)) {
      context.addIssue({ code: 'custom', message: 'give exactly one of --file <path> or --text <string>' });
    }
    if (flags.timeout !== undefined && !flags.wait) {
      context.addIssue({ code: 'custom', message: '--timeout only applies with --wait' });
    }
  })
  .transform(
    (flags): EnqueueRequest => ({
      workflow: flags.workflow,
      version: flags.version,
      source: flags.file !== undefined ? { file: flags.file } : { text: flags.text ?? '' },
      idempotencyKey: flags.id,
      tenant: flags.tenant,
      historyScope: flags.scope,
      effort: flags.effort,
      budget:
        flags.maxTokens === undefined && flags.maxCostUsd === undefined
          ? undefined
          : {
              ...(flags.maxTokens !== undefined ? { maxTokens: flags.maxTokens } : {}),
              ...(flags.maxCostUsd !== undefined ? { maxCostUsd: flags.maxCostUsd } : {}),
            },
      lane: flags.lane,
      deadline: flags.deadline,
      wait: flags.wait,
      timeoutMs: flags.timeout ?? DEFAULT_TIMEOUT_SECONDS * 1000,
      json: flags.json,
    }),
  );
