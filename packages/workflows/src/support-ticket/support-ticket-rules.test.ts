import { describe, expect, it } from 'vitest';
import type { SupportTicket } from './support-ticket';
import { summaryNamesProblem, supportTicketRules, urgentSummaryRule } from './support-ticket-rules';

const ctx = { input: { text: 'a ticket' } };

const ticket = (priority: SupportTicket['priority'], summary: string): SupportTicket => ({
  category: 'technical',
  priority,
  summary,
  customerEmail: null,
  confidence: 0.9,
});

describe('summaryNamesProblem', () => {
  it.each([
    'Checkout returns a 500 error for every card payment',
    'POST /v2/exports returns HTTP 500 since 09:40 UTC',
    'Payments failing for all customers',
    'Login not working',
    'Bank sync deleted 400 transactions',
    'Website down for all visitors',
  ])('accepts "%s"', (summary) => {
    expect(summaryNamesProblem(summary)).toBe(true);
  });

  it.each([
    ['too short', 'Site down'],
    ['only urgency', 'URGENT!!!'],
    ['urgency and a vague noun', 'Urgent issue'],
    ['a plea for help', 'Help needed'],
    ['generic words only', 'Customer needs urgent help ASAP'],
    ['one specific word', 'Urgent issue with the account'],
    ['generic problem words', 'Critical problem, please fix immediately'],
    ['vague complaint', 'Something is not working'],
    ['empty', ''],
  ])('rejects %s: "%s"', (_why, summary) => {
    expect(summaryNamesProblem(summary)).toBe(false);
  });
});

describe('urgent-summary-names-problem', () => {
  it('is the only support-ticket rule and retries', () => {
    expect(supportTicketRules.map((rule) => [rule.id, rule.severity])).toEqual([
      ['urgent-summary-names-problem', 'retry'],
    ]);
  });

  it('passes an urgent ticket whose summary names the problem', () => {
    const urgent = ticket('urgent', 'Bank sync deleted about 400 reconciled transactions overnight');
    expect(urgentSummaryRule.check(urgent, ctx)).toEqual([]);
  });

  it('reports a generic summary on an urgent ticket', () => {
    expect(urgentSummaryRule.check(ticket('urgent', 'Urgent issue'), ctx)).toEqual([
      {
        path: 'summary',
        message:
          'urgent tickets need a summary that names the problem: what is failing and where, in at least 3 words ' +
          '(e.g. "Checkout returns a 500 error for every card payment"), not a generic phrase like "Urgent issue"',
        received: 'Urgent issue',
      },
    ]);
  });

  it('leaves generic summaries of non-urgent tickets alone', () => {
    for (const priority of ['low', 'normal', 'high'] as const) {
      expect(urgentSummaryRule.check(ticket(priority, 'Help needed'), ctx)).toEqual([]);
    }
  });
});
