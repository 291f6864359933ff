import { defineWorkflow, parseGroundingConfig, WorkflowNotFoundError } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { defaultRegistry, workflows } from './default-registry';
import { invoiceWorkflow } from './invoice/invoice-workflow';
import { invoiceWorkflowV1 } from './invoice/invoice-workflow-v1';
import { supportTicketWorkflow } from './support-ticket/support-ticket-workflow';

describe('defaultRegistry', () => {
  it('holds the shipped workflows', () => {
    expect(workflows.map((w) => `${w.name}@v${w.version}`)).toEqual([
      'invoice@v1',
      'invoice@v2',
      'support-ticket@v1',
    ]);
    expect(defaultRegistry().list()).toEqual(workflows);
  });

  it('finds a workflow by name and version, and the latest without a version', () => {
    const registry = defaultRegistry();
    expect(registry.get('invoice', 1)).toBe(invoiceWorkflowV1);
    expect(registry.get('invoice')).toBe(invoiceWorkflow);
    expect(registry.get('support-ticket')).toBe(supportTicketWorkflow);
    expect(registry.latestVersion('invoice')).toBe(2);
  });

  it('row 109: a job enqueued for, or a DLQ record written by -> keeps invoice v1 as it was (ungrounded) and grounds only v2, with the same output, rules and instructions', () => {
    expect(invoiceWorkflowV1.grounding).toBeUndefined();
    expect(invoiceWorkflow.output).toBe(invoiceWorkflowV1.output);
    expect(invoiceWorkflow.rules).toBe(invoiceWorkflowV1.rules);
    expect(invoiceWorkflow.instructions).toBe(invoiceWorkflowV1.instructions);
    const grounding = parseGroundingConfig(invoiceWorkflow.grounding ?? 'off');
    expect(grounding.mode).toBe('require');
    const exempt = Object.entries(grounding.fields)
      .filter(([, field]) => field.mode === 'off')
      .map(([path]) => path);
    expect(exempt.sort()).toEqual(['currency', 'dueDate', 'lineItems', 'subtotal', 'tax']);
    expect(grounding.fields.invoiceNumber?.reviewBelow).toBe(0.8);
    expect(grounding.fields.total?.reviewBelow).toBe(0.8);
  });

  it('returns the latest version once a newer one is registered, and still finds the old one', () => {
    const v3 = defineWorkflow({ ...invoiceWorkflow, version: 3, rules: [] });
    const registry = defaultRegistry().register(v3);
    expect(registry.get('invoice')).toBe(v3);
    expect(registry.get('invoice', 2)).toBe(invoiceWorkflow);
    // A fresh registry is not affected by registrations on another one.
    expect(defaultRegistry().get('invoice')).toBe(invoiceWorkflow);
  });

  it('throws WorkflowNotFoundError for an unknown name or version', () => {
    const registry = defaultRegistry();
    expect(() => registry.get('receipt')).toThrow(WorkflowNotFoundError);
    expect(() => registry.get('invoice', 7)).toThrow('Unknown workflow invoice@v7 (known versions: 1, 2)');
  });
});
