import type { Invoice, SupportTicket } from '@quarry/workflows';
import { buildInvoiceSamples } from './invoice/build-invoice-samples';
import { Random } from './random';
import type { Sample } from './sample';
import { buildTicketSamples } from './support-ticket/build-ticket-samples';

/** The seed the committed sample files were generated with. */
export const SAMPLE_SEED = 20240305;
/** How many invoices the committed sample file holds. */
export const INVOICE_SAMPLE_COUNT = 45;

/** Every generated sample, by workflow. Same seed, same samples. */
export interface GeneratedSamples {
  readonly invoice: Sample<Invoice>[];
  readonly 'support-ticket': Sample<SupportTicket>[];
}

/** Generates the shipped sample documents deterministically from `seed`. */
export function buildSamples(options: { seed?: number; invoiceCount?: number } = {}): GeneratedSamples {
  const seed = options.seed ?? SAMPLE_SEED;
  return {
    invoice: buildInvoiceSamples(new Random(seed), { count: options.invoiceCount ?? INVOICE_SAMPLE_COUNT }),
    'support-ticket': buildTicketSamples(new Random(seed + 1)),
  };
}
