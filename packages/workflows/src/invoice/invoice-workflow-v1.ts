import { defineWorkflow } from '@quarry/core';
import { TextInput } from '../text-input';
import { Invoice } from './invoice';
import { invoiceInstructions } from './invoice-instructions';
import { invoiceRules } from './invoice-rules';

/**
 * The `invoice` workflow, version 1: vendor, number, dates, currency, line items and totals,
 * checked by the line, subtotal, total and due-date rules; not grounded. Kept unchanged so that jobs
 * enqueued for it, and DLQ records replayed to it, keep the contract they were written for;
 * version 2 adds grounding.
 */
export const invoiceWorkflowV1 = defineWorkflow({
  name: 'invoice',
  version: 1,
  description: 'Vendor, invoice number, dates, currency, line items and totals from an invoice',
  input: TextInput,
  output: Invoice,
  rules: invoiceRules,
  instructions: invoiceInstructions,
});
