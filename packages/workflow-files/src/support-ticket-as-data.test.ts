import { fileURLToPath } from 'node:url';
import { type AnyWorkflow, buildRequest, extractDefaults } from '@quarry/core';
import { summaryNamesProblem, supportTicketWorkflow } from '@quarry/workflows';
import { describe, expect, it } from 'vitest';
import { loadWorkflowFile } from './load-workflow-file';

const path = fileURLToPath(new URL('../../workflows/data/support-ticket.workflow.yaml', import.meta.url));

async function dataWorkflow() {
  const loaded = await loadWorkflowFile({ path, label: 'support-ticket.workflow.yaml' });
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  return loaded.workflow;
}

const requestOf = (workflow: AnyWorkflow, model: string) =>
  buildRequest({
    workflow,
    input: { text: 'From: maria@example.com\nCheckout fails with a 500 for every card payment.' },
    model,
    maxTokens: extractDefaults.maxTokens,
    strategy: 'structured',
  });

describe('the support-ticket workflow as data', () => {
  it('produces the same requests as the code workflow, on every strategy', async () => {
    const data = await dataWorkflow();
    for (const model of ['claude-haiku-5-5', 'claude-sonnet-5-5']) {
      expect(requestOf(data, model)).toEqual(requestOf(supportTicketWorkflow, model));
      expect(
        buildRequest({ workflow: data, input: { text: 'x' }, model, maxTokens: 1000, strategy: 'tool' }),
      ).toEqual(
        buildRequest({
          workflow: supportTicketWorkflow,
          input: { text: 'x' },
          model,
          maxTokens: 1000,
          strategy: 'tool',
        }),
      );
    }
    expect(data.reviewBelow).toEqual(supportTicketWorkflow.reviewBelow);
    expect(data.rules.map((rule) => [rule.id, rule.severity])).toEqual(
      supportTicketWorkflow.rules.map((rule) => [rule.id, rule.severity]),
    );
  });

  it('its JSONata rule passes and fails the summaries the code rule does', async () => {
    const [rule] = (await dataWorkflow()).rules;
    const summaries = [
      'Checkout returns a 500 error for every card payment',
      'POST /v2/exports returns HTTP 500 since 09:40 UTC',
      'Payments failing for all customers',
      'Login not working',
      'Website down for all visitors',
      'Site down',
      'URGENT!!!',
      'Urgent issue',
      'Help needed',
      'Customer needs urgent help ASAP',
      'Urgent issue with the account',
      'Critical problem, please fix immediately',
      'Something is not working',
    ];
    for (const summary of summaries) {
      const ticket = {
        category: 'technical',
        priority: 'urgent',
        summary,
        customerEmail: null,
        confidence: 0.9,
      };
      const findings = await rule?.check(ticket, { input: { text: 'a ticket' } });
      expect(findings?.length === 0, summary).toBe(summaryNamesProblem(summary));
    }
    const calm = {
      category: 'other',
      priority: 'low',
      summary: 'Help needed',
      customerEmail: null,
      confidence: 0.9,
    };
    expect(await rule?.check(calm, { input: { text: 'a ticket' } })).toEqual([]);
  });
});
