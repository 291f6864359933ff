import { defineWorkflow, WorkflowNotFoundError } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { defaultRegistry, workflows } from './default-registry';
import { invoiceWorkflow } from './invoice/invoice-workflow';
import { supportTicketWorkflow } from './support-ticket/support-ticket-workflow';

describe('defaultRegistry', () => {
  it('holds the shipped workflows', () => {
    expect(workflows.map((w) => `${w.name}@v${w.version}`)).toEqual(['invoice@v1', 'support-ticket@v1']);
    expect(defaultRegistry().list()).toEqual(workflows);
  });

  it('finds a workflow by name and version, and the latest without a version', () => {
    const registry = defaultRegistry();
    expect(registry.get('invoice', 1)).toBe(invoiceWorkflow);
    expect(registry.get('support-ticket')).toBe(supportTicketWorkflow);
    expect(registry.latestVersion('invoice')).toBe(1);
  });

  it('returns the latest version once a newer one is registered, and still finds the old one', () => {
    const v2 = defineWorkflow({ ...invoiceWorkflow, version: 2, rules: [] });
    const registry = defaultRegistry().register(v2);
    expect(registry.get('invoice')).toBe(v2);
    expect(registry.get('invoice', 1)).toBe(invoiceWorkflow);
    // A fresh registry is not affected by registrations on another one.
    expect(defaultRegistry().get('invoice')).toBe(invoiceWorkflow);
  });

  it('throws WorkflowNotFoundError for an unknown name or version', () => {
    const registry = defaultRegistry();
    expect(() => registry.get('receipt')).toThrow(WorkflowNotFoundError);
    expect(() => registry.get('invoice', 7)).toThrow('Unknown workflow invoice@v7 (known versions: 1)');
  });
});
