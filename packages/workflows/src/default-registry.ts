import { type AnyWorkflow, WorkflowRegistry } from '@quarry/core';
import { invoiceWorkflow } from './invoice/invoice-workflow';
import { supportTicketWorkflow } from './support-ticket/support-ticket-workflow';

/** Every workflow shipped with Quarry. */
export const workflows: readonly AnyWorkflow[] = [invoiceWorkflow, supportTicketWorkflow];

/** A fresh registry holding every shipped workflow; register your own on top of it. */
export function defaultRegistry(): WorkflowRegistry {
  return new WorkflowRegistry(workflows);
}
