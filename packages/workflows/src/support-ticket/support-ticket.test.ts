import { describe, expect, it } from 'vitest';
import { issuePaths } from '../test-fixtures/issue-paths';
import { SupportTicket, TicketCategory } from './support-ticket';
import { supportTicketWorkflow } from './support-ticket-workflow';

const valid = {
  category: 'shipping',
  priority: 'high',
  summary: 'Order TH10452 is marked delivered but never arrived.',
  customerEmail: 'maria.gonzalez@outlook.com',
  confidence: 0.9,
};

describe('SupportTicket schema', () => {
  it('accepts a ticket, with or without a customer email', () => {
    expect(SupportTicket.parse(valid)).toEqual(valid);
    expect(SupportTicket.parse({ ...valid, customerEmail: null })).toEqual({ ...valid, customerEmail: null });
  });

  it('has at least five categories', () => {
    expect(TicketCategory.options).toEqual([
      'billing',
      'technical',
      'account',
      'shipping',
      'feature_request',
      'other',
    ]);
  });

  it.each([
    ['an unknown category', { category: 'delivery' }, 'category'],
    ['an unknown priority', { priority: 'critical' }, 'priority'],
    ['an empty summary', { summary: '' }, 'summary'],
    ['a summary over 280 characters', { summary: 'x'.repeat(281) }, 'summary'],
    ['a malformed email', { customerEmail: 'maria at outlook' }, 'customerEmail'],
    ['a missing email (null is required for none)', { customerEmail: undefined }, 'customerEmail'],
    ['a confidence above 1', { confidence: 1.2 }, 'confidence'],
    ['a negative confidence', { confidence: -0.1 }, 'confidence'],
    ['a confidence as a percentage string', { confidence: '90%' }, 'confidence'],
  ])('rejects %s', (_name, change, path) => {
    expect(issuePaths(SupportTicket, { ...valid, ...change })).toEqual([path]);
  });

  it('accepts a summary of exactly 280 characters', () => {
    expect(issuePaths(SupportTicket, { ...valid, summary: 'x'.repeat(280) })).toEqual([]);
  });
});

describe('support-ticket workflow', () => {
  it('flags results with confidence below 0.6 for review', () => {
    expect(supportTicketWorkflow.reviewBelow).toEqual({ field: 'confidence', threshold: 0.6 });
  });
});
