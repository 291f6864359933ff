import { defineWorkflow } from '@quarry/core';
import { TextInput } from '../text-input';
import { SupportTicket } from './support-ticket';
import { supportTicketRules } from './support-ticket-rules';

const instructions = `You triage one customer support ticket: an email, a web contact form, a chat transcript or an agent's
call note. Read the customer's own words; ignore quoted earlier replies, signatures and disclaimers.

Extract:
- category: billing (charges, refunds, invoices, plans, payment methods), technical (bugs, errors,
  crashes, outages, API and integration failures), account (login, password reset, 2FA, ownership,
  closing the account or deleting its data), shipping (delivery, tracking, delays, damaged or missing
  parcels, address changes), feature_request (asks for something the product does not do yet), other
  (everything else: partnerships, press, praise, job applications, legal letters, unclear messages).
  When a ticket mixes topics, pick the one the customer needs resolved first.
- priority: urgent when production is down, data is being lost, an account is compromised, or many
  people are blocked right now or a hard deadline is hours away; high when one customer is blocked or
  charged wrongly; normal for degraded service or questions with real impact; low for questions,
  feedback, praise and feature requests. Judge the impact, not the customer's tone.
- summary: one sentence, at most 280 characters, naming the problem or request and where it happens
  (e.g. "Order #48213 was charged twice on the customer's Visa card"). For urgent tickets never write a
  generic summary such as "Urgent issue" or "Customer needs help".
- customerEmail: the customer's email address as written (usually the From: line or the form field),
  never the support desk's own address; null when the ticket has none.
- confidence: a number from 0 to 1 for how sure you are of category and priority; below 0.6 when the
  ticket is vague or could fairly belong to another category.`;

/**
 * The `support-ticket` workflow, version 1: category, priority, summary, customer email and confidence.
 * Results with confidence below 0.6 are flagged for review.
 */
export const supportTicketWorkflow = defineWorkflow({
  name: 'support-ticket',
  version: 1,
  description: 'Category, priority, one-line summary and customer email of a support ticket',
  input: TextInput,
  output: SupportTicket,
  rules: supportTicketRules,
  instructions,
  reviewBelow: { field: 'confidence', threshold: 0.6 },
});
