import { defineWorkflow } from '@quarry/core';
import { invoiceCues } from './invoice-cues';
import { invoiceWorkflowV1 } from './invoice-workflow-v1';

/**
 * The `invoice` workflow, version 2 (the latest): version 1's output, rules and instructions, with
 * the identifying fields grounded: vendor, invoice number, issue date and total must each be quoted
 * from the document (`require`: an unquoted or disagreeing value is fed back and spends an attempt).
 * Results carry `provenance` and `fieldConfidence`; an invoice number or total below 0.8 (only a
 * fuzzy match, or a value that failed grounding before it was accepted) is flagged for review.
 *
 * A version of its own because grounding changes what a valid answer is (a value the document does
 * not show is now refused), what the model is asked for (evidence) and which lessons apply.
 */
export const invoiceWorkflow = defineWorkflow({
  ...invoiceWorkflowV1,
  version: 2,
  // Values the model derives or infers are exempt: the currency (from a symbol or the vendor's
  // country), the due date (from payment terms), tax (0 when none is printed), and the line items and
  // subtotal (checked by the rules instead).
  grounding: {
    mode: 'require',
    fields: {
      currency: { mode: 'off' },
      dueDate: { mode: 'off', cues: [...invoiceCues.dueDate] },
      tax: { mode: 'off', cues: [...invoiceCues.tax] },
      lineItems: { mode: 'off' },
      subtotal: { mode: 'off', cues: [...invoiceCues.subtotal] },
      // A value is grounded by the passage its own label introduces (`Total`, not `Subtotal`); the
      // vendor's name, often printed without a label, is refused only under another's (`Bill to`).
      issueDate: { cues: [...invoiceCues.issueDate] },
      // Where money is routed: exact and normalised quotes pass (1, 0.9); a fuzzy match (0.68–0.8) or
      // an earlier invented value (0.64 at best) goes to a person.
      invoiceNumber: { reviewBelow: 0.8, cues: [...invoiceCues.invoiceNumber] },
      total: { reviewBelow: 0.8, cues: [...invoiceCues.total] },
    },
    otherCues: { customer: [...invoiceCues.customer], orderNumber: [...invoiceCues.orderNumber] },
  },
});
