export { defaultRegistry, workflows } from './default-registry';
export { Invoice, InvoiceLineItem } from './invoice/invoice';
export { invoiceInstructions } from './invoice/invoice-instructions';
export {
  dueAfterIssueRule,
  invoiceRules,
  lineAmountsRule,
  subtotalMatchesLinesRule,
  totalMatchesRule,
} from './invoice/invoice-rules';
export { invoiceWorkflow } from './invoice/invoice-workflow';
export { invoiceWorkflowV1 } from './invoice/invoice-workflow-v1';
export {
  MAX_SUMMARY_LENGTH,
  SupportTicket,
  TicketCategory,
  TicketPriority,
} from './support-ticket/support-ticket';
export {
  MIN_URGENT_SPECIFIC_WORDS,
  MIN_URGENT_SUMMARY_WORDS,
  summaryNamesProblem,
  supportTicketRules,
  urgentSummaryRule,
} from './support-ticket/support-ticket-rules';
export { supportTicketWorkflow } from './support-ticket/support-ticket-workflow';
export { DEFAULT_MAX_TEXT_LENGTH, TextInput, textInput } from './text-input';
