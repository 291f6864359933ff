import { EffortSetting, Lane, SplitSetting } from '@quarry/core';
import { z } from 'zod';
import { DataRule } from './data-rule';
import { workflowFileLimits } from './workflow-file-limits';

const JsonSchemaObject = z.record(z.string(), z.unknown(), { error: 'a JSON Schema object' });
const positiveInt = (max: number) =>
  z
    .number({ error: `a whole number from 1 to ${max}` })
    .int({ error: `a whole number from 1 to ${max}` })
    .min(1)
    .max(max);

/**
 * A workflow as data (`*.workflow.json`, `*.workflow.yaml`, `*.workflow.yml`): the fields of a
 * `WorkflowDefinition` that make sense as data. `output` and `input` are JSON Schemas; `input`
 * defaults to the shipped workflows' `{ text }` and/or `{ document }`. Identity fields, ladders,
 * effort, lane, grounding, examples and the split setting's paths are then checked by
 * `defineWorkflow` like a code workflow's.
 */
export const DataWorkflowFile = z.strictObject({
  name: z.string({ error: 'a workflow name (lower-case letters, digits and dashes)' }),
  version: positiveInt(1_000_000),
  description: z
    .string({ error: 'a one-line description' })
    .trim()
    .min(1, { error: 'a one-line description' }),
  instructions: z.string({ error: 'the instructions: what to extract and how' }).trim().min(1, {
    error: 'the instructions: what to extract and how',
  }),
  output: JsonSchemaObject,
  input: JsonSchemaObject.optional(),
  rules: z
    .array(DataRule, { error: 'a list of rules' })
    .max(workflowFileLimits.maxRules, { error: `at most ${workflowFileLimits.maxRules} rules` })
    .default([]),
  grounding: z.unknown().optional(),
  locale: z.string({ error: 'a BCP 47 tag such as en-US' }).optional(),
  model: z.string({ error: 'a model id' }).min(1).optional(),
  models: z.array(z.string({ error: 'a model id' }), { error: 'a list of model ids' }).optional(),
  attemptsPerModel: positiveInt(20).optional(),
  fallbacks: z.array(z.string({ error: 'a model id' }), { error: 'a list of model ids' }).optional(),
  effort: EffortSetting.optional(),
  lane: Lane.optional(),
  /** Whose mistakes the lessons learn from: every tenant's (`workflow`, the default) or each tenant's own. */
  historyScope: z.enum(['workflow', 'tenant'], { error: 'workflow or tenant' }).optional(),
  maxAttempts: positiveInt(20).optional(),
  maxTokens: positiveInt(128_000).optional(),
  reviewBelow: z
    .strictObject({
      field: z.string({ error: 'an output field path' }).min(1),
      threshold: z.number({ error: 'a number' }).finite(),
    })
    .optional(),
  /** How a long document or a wide schema is split (core's `SplitSetting`; default `'auto'`). */
  split: SplitSetting.optional(),
  examples: z
    .array(z.strictObject({ text: z.string({ error: 'the example document text' }), output: z.unknown() }))
    .optional(),
});
export type DataWorkflowFile = z.output<typeof DataWorkflowFile>;
