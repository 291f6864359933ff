import { type AnyWorkflow, WorkflowRegistry } from '@quarry/core';
import { invoiceWorkflow } from './invoice/invoice-workflow';
import { invoiceWorkflowV1 } from './invoice/invoice-workflow-v1';
import { supportTicketWorkflow } from './support-ticket/support-ticket-workflow';

/** Every workflow shipped with Quarry, every version still served (the latest of a name is the default). */
export const workflows: readonly AnyWorkflow[] = [invoiceWorkflowV1, invoiceWorkflow, supportTicketWorkflow];

/** A fresh registry holding every shipped workflow; register your own on top of it. */
export function defaultRegistry(): WorkflowRegistry {
  return new WorkflowRegistry(workflows);
}
