import { invoiceWorkflow, invoiceWorkflowV1 } from '@quarry/workflows';
import { describe, expect, it } from 'vitest';
import { groundingPlan } from '../plan/grounding-plan';
import { createGrounder } from './create-grounder';

describe('the shipped invoice workflow', () => {
  it('grounds its identifying fields from version 2 on, and leaves version 1 ungrounded', () => {
    expect(
      createGrounder({ output: invoiceWorkflowV1.output, grounding: invoiceWorkflowV1.grounding }),
    ).toBeNull();
    const plan = groundingPlan({
      output: invoiceWorkflow.output,
      grounding: invoiceWorkflow.grounding ?? 'off',
    });
    expect(plan.fields.map((field) => [field.pattern, field.mode, field.reviewBelow ?? null])).toEqual([
      ['vendorName', 'require', null],
      ['invoiceNumber', 'require', 0.8],
      ['issueDate', 'require', null],
      ['total', 'require', 0.8],
    ]);
    const evidence = (plan.jsonSchema.properties as Record<string, { required?: string[] }>)._evidence;
    expect(evidence?.required).toEqual(['vendorName', 'invoiceNumber', 'issueDate', 'total']);
  });
});
