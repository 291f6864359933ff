import { defineWorkflow, WorkflowRegistry } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allowedModelsFor, modelOverrideProblem } from './model-override-check';

const version = (n: number, model?: string) =>
  defineWorkflow({
    name: 'receipt',
    version: n,
    description: 'test',
    input: z.object({ text: z.string() }),
    output: z.object({ total: z.number() }),
    rules: [],
    instructions: 'Extract the total.',
    ...(model ? { model } : {}),
  });
const other = defineWorkflow({ ...version(1, 'claude-opus-4-1'), name: 'other' });
const registry = new WorkflowRegistry([
  version(1, 'claude-haiku-4-5'),
  version(2),
  version(3, 'claude-sonnet-4-5'),
  other,
]);

describe('allowed model overrides', () => {
  it('are the models of every version of the workflow plus the allow-list, sorted and distinct', () => {
    expect(
      allowedModelsFor({ registry, workflow: 'receipt', allowedModels: ['claude-haiku-4-5', 'm-1'] }),
    ).toEqual(['claude-haiku-4-5', 'claude-sonnet-4-5', 'm-1']);
    expect(allowedModelsFor({ registry, workflow: 'unknown', allowedModels: [] })).toEqual([]);
  });

  it('accept a model of the workflow or of the allow-list, and name the refused model', () => {
    const check = (model: string, allowedModels: string[] = []) =>
      modelOverrideProblem({ registry, workflow: 'receipt', model, allowedModels });
    expect(check('claude-sonnet-4-5')).toBeNull();
    expect(check('m-1', ['m-1'])).toBeNull();
    // Another workflow's model is not this one's.
    expect(check('claude-opus-4-1')).toBe(
      'model "claude-opus-4-1" is not allowed for workflow "receipt" (allowed: claude-haiku-4-5, claude-sonnet-4-5; add it to QUARRY_ALLOWED_MODELS)',
    );
    expect(modelOverrideProblem({ registry, workflow: 'nothing', model: 'm', allowedModels: [] })).toBe(
      'model "m" is not allowed for workflow "nothing" (no model is allowed; add it to QUARRY_ALLOWED_MODELS)',
    );
    // A job that names no model runs on its workflow's or the worker's.
    expect(
      modelOverrideProblem({ registry, workflow: 'nothing', model: undefined, allowedModels: [] }),
    ).toBeNull();
  });
});
