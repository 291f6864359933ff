import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Invoice } from '../test-fixtures/invoice-schema';
import { type AnyWorkflow, defineWorkflow } from '../workflow/define-workflow';
import { type ChildPart, childWorkflow } from './child-workflow';
import { SplitInputError } from './split-input-error';

const invoiceOut = {
  invoiceNumber: 'A-1',
  total: 12,
  vendor: { name: 'ACME', address: { street: '1 Road' } },
  buyer: null,
  lineItems: [],
  notes: null,
};

const workflow: AnyWorkflow = defineWorkflow({
  name: 'invoice',
  version: 3,
  description: 'Invoices',
  input: z.object({ text: z.string() }),
  output: Invoice,
  rules: [{ id: 'r', description: 'r', severity: 'retry', check: () => [] }],
  instructions: 'Extract the invoice.',
  examples: [{ text: 'Invoice A-1', output: invoiceOut }],
  reviewBelow: { field: 'total', threshold: 1 },
  grounding: {
    mode: 'check',
    fields: {
      total: { mode: 'require' },
      'lineItems[].amount': { mode: 'off' },
      vendor: { mode: 'require' },
    },
  },
  model: 'claude-haiku-5-5',
  split: { pages: { window: 5 } },
});

const part = (over: Partial<ChildPart>): ChildPart => ({
  index: 0,
  window: null,
  paths: null,
  groups: 1,
  ...over,
});

describe('childWorkflow', () => {
  it('reads a page window with the whole schema: no rules, no examples, a note of the pages, split off', () => {
    const child = childWorkflow(
      workflow,
      part({ index: 2, window: { firstPage: 21, lastPage: 30, pages: 212 } }),
    );
    expect(child).toMatchObject({
      name: 'invoice',
      version: 3,
      model: 'claude-haiku-5-5',
      split: 'off',
      rules: [],
    });
    expect(child.output).toBe(workflow.output);
    expect(child.examples).toBeUndefined();
    expect(child.reviewBelow).toEqual(workflow.reviewBelow);
    expect(child.grounding).toEqual(workflow.grounding);
    expect(child.instructions).toBe(
      'Extract the invoice.\n\nYou are reading pages 21–30 of 212 of the document. Extract only what these pages show; give null for a field these pages do not show.',
    );
    expect(
      childWorkflow(workflow, part({ window: { firstPage: 4, lastPage: 4, pages: 4 } })).instructions,
    ).toContain('You are reading page 4 of 4 of the document.');
  });

  it('asks a field group for its fields only, filtering grounding entries and reviewBelow', () => {
    const child = childWorkflow(workflow, part({ index: 1, paths: ['vendor.name', 'lineItems'], groups: 2 }));
    expect(child.output.parse({ ...invoiceOut, lineItems: [{ description: 'x', amount: 1 }] })).toEqual({
      vendor: { name: 'ACME' },
      lineItems: [{ description: 'x', amount: 1 }],
    });
    expect(child.instructions).toBe(
      'Extract the invoice.\n\nThis request asks for only some of the fields: vendor.name, lineItems.',
    );
    expect(child.grounding).toEqual({
      mode: 'check',
      fields: { 'lineItems[].amount': { mode: 'off' }, vendor: { mode: 'require' } },
    });
    expect(child.reviewBelow).toBeUndefined();
    expect(child.examples).toBeUndefined();
    expect(childWorkflow(workflow, part({ paths: ['total'], groups: 2 })).reviewBelow).toEqual(
      workflow.reviewBelow,
    );
  });

  it('keeps examples for a child of the whole document and schema, and a grounding mode as given', () => {
    const child = childWorkflow({ ...workflow, grounding: 'require' }, part({ paths: null }));
    expect(child.examples).toEqual(workflow.examples);
    expect(childWorkflow({ ...workflow, grounding: 'require' }, part({ paths: ['total'] })).grounding).toBe(
      'require',
    );
    const both = childWorkflow(
      workflow,
      part({ window: { firstPage: 1, lastPage: 10, pages: 19 }, paths: ['total'] }),
    );
    expect(both.instructions.split('\n\n')).toHaveLength(3);
  });

  it.each([
    [{ index: -1 }, 'part.index'],
    [{ groups: 0 }, 'part.groups'],
    [{ paths: [] }, 'part.paths'],
    [{ paths: [''] }, 'part.paths.0'],
    [
      { window: { firstPage: 5, lastPage: 4, pages: 9 } },
      'part.window: expected firstPage ≤ lastPage ≤ pages',
    ],
    [
      { window: { firstPage: 1, lastPage: 10, pages: 9 } },
      'part.window: expected firstPage ≤ lastPage ≤ pages',
    ],
    [{ window: { firstPage: 0, lastPage: 1, pages: 9 } }, 'part.window.firstPage'],
  ])('names a bad part (%j)', (over, where) => {
    expect(() => childWorkflow(workflow, part(over as Partial<ChildPart>))).toThrow(SplitInputError);
    expect(() => childWorkflow(workflow, part(over as Partial<ChildPart>))).toThrow(where);
  });

  it('names a path the output schema does not hold', () => {
    expect(() => childWorkflow(workflow, part({ paths: ['vendor.zip'] }))).toThrow(
      'paths[0]: "vendor.zip" is not a property path of the output schema',
    );
  });
});
