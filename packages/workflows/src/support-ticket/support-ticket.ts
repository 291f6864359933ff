import { z } from 'zod';

/** What a support ticket is about. */
export const TicketCategory = z
  .enum(['billing', 'technical', 'account', 'shipping', 'feature_request', 'other'])
  .describe(
    'billing: charges, refunds, invoices, plans; technical: bugs, errors, outages, integrations; ' +
      'account: login, passwords, 2FA, ownership, deletion; shipping: delivery, tracking, damage, returns in transit; ' +
      'feature_request: asks for something the product does not do; other: anything else',
  );
export type TicketCategory = z.infer<typeof TicketCategory>;

/** How soon a ticket needs attention. */
export const TicketPriority = z
  .enum(['low', 'normal', 'high', 'urgent'])
  .describe(
    'urgent: outage, data loss, security incident or many users blocked now; high: one customer blocked ' +
      'or money wrong; normal: degraded or a question with impact; low: questions, feedback, requests',
  );
export type TicketPriority = z.infer<typeof TicketPriority>;

/** Longest accepted summary, in characters. */
export const MAX_SUMMARY_LENGTH = 280;

/** The data extracted from a support ticket (`support-ticket` workflow, version 1). */
export const SupportTicket = z.object({
  category: TicketCategory,
  priority: TicketPriority,
  summary: z
    .string()
    .min(1)
    .max(MAX_SUMMARY_LENGTH, { error: `summary must be at most ${MAX_SUMMARY_LENGTH} characters` })
    .describe('One sentence saying what the problem or request is and where it happens'),
  customerEmail: z
    .email()
    .nullable()
    .describe("The customer's email address (the sender, not the support desk); null when none is given"),
  confidence: z.number().min(0).max(1).describe('How sure the category and priority are, from 0 to 1'),
});
export type SupportTicket = z.infer<typeof SupportTicket>;
