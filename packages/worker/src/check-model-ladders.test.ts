import { defaultModelTable, defineWorkflow, WorkflowRegistry } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkModelLadders } from './check-model-ladders';
import { configuredModels } from './configured-models';

const workflow = (name: string, models: string[]) =>
  defineWorkflow({
    name,
    version: 1,
    description: 'test',
    input: z.object({ text: z.string() }),
    output: z.object({ total: z.number() }),
    rules: [],
    instructions: 'Extract the total.',
    models,
  });

describe('model ladders at worker start', () => {
  it('count as configured models, and pass when every model is in the table', () => {
    const registry = new WorkflowRegistry([workflow('a', ['claude-haiku-5-5', 'claude-sonnet-5-5'])]);
    expect(configuredModels({ defaultModel: 'claude-haiku-5-5', registry })).toEqual([
      'claude-haiku-5-5',
      'claude-sonnet-5-5',
    ]);
    expect(() => checkModelLadders({ registry, table: defaultModelTable })).not.toThrow();
  });

  it('row 117: stop the worker when a ladder names a model without a table entry', () => {
    const registry = new WorkflowRegistry([
      workflow('a', ['claude-haiku-5-5', 'acme-1']),
      workflow('b', ['acme-2', 'claude-opus-5-5']),
    ]);
    expect(() => checkModelLadders({ registry, table: defaultModelTable })).toThrow(
      new TypeError(
        'Model ladders name models that are not in the model table (add them through QUARRY_MODELS_FILE): a@v1 names "acme-1"; b@v1 names "acme-2"',
      ),
    );
  });
});
