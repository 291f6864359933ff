import type { Invoice, InvoiceLineItem } from '@quarry/workflows';
import { addDays, endOfNextMonth } from '../date-format';
import { round } from '../number-format';
import type { Random } from '../random';
import { CATALOGS, type CatalogItem, type Unit } from './invoice-catalogs';
import { CUSTOMERS, type Customer, type Terms, type Vendor } from './invoice-parties';

/** A generated invoice: the true output plus what the document shows around it. */
export interface InvoiceDraft {
  readonly truth: Invoice;
  readonly vendor: Vendor;
  readonly customer: Customer;
  readonly units: readonly Unit[];
  readonly terms: Terms;
  readonly taxRate: number;
  readonly poNumber: string | null;
  /** When the goods or services were delivered, on or before the issue date. */
  readonly serviceDate: string;
}

const FIRST_ISSUE_DATE = '2024-01-02';
const ISSUE_DATE_SPAN_DAYS = 700;
/** Fees and delivery lines go last, as invoices print them. */
const FEE = /delivery|freight|courier|surcharge|fee|charge|versand|anfahrt|kleinmaterial|packing|crating/i;

function drawQuantity(random: Random, item: CatalogItem): number {
  const [min, max] = item.quantity;
  if (item.unit === 'flat') return 1;
  if (item.unit === 'hour' && random.chance(0.5)) return random.int(min * 4, max * 4) / 4;
  if (item.unit === 'm2') return random.int(min * 2, max * 2) / 2;
  return random.int(min, max);
}

function drawPrice(random: Random, item: CatalogItem, decimals: number): number {
  const [min, max] = item.price;
  if (decimals === 0) return random.int(min / 100, max / 100) * 100;
  if (item.unit === 'hour' || item.unit === 'day' || item.unit === 'month')
    return random.int(min / 5, max / 5) * 5;
  return round(min + random.next() * (max - min), decimals);
}

/** Draws one invoice of `vendor` with `lineCount` lines (fewer when its catalog is smaller). */
export function draftInvoice(random: Random, options: { vendor: Vendor; lineCount: number }): InvoiceDraft {
  const { vendor } = options;
  const decimals = vendor.money.decimals;
  const issueDate = addDays(FIRST_ISSUE_DATE, random.int(0, ISSUE_DATE_SPAN_DAYS));
  const terms = random.pick(vendor.terms);
  const dueDate = terms === 'next-month-end' ? endOfNextMonth(issueDate) : addDays(issueDate, terms);
  const catalog: readonly CatalogItem[] = CATALOGS[vendor.industry];
  const items = random
    .sample(catalog, Math.min(options.lineCount, catalog.length))
    .sort((a, b) => Number(FEE.test(a.description)) - Number(FEE.test(b.description)));
  const lineItems: InvoiceLineItem[] = items.map((item) => {
    const quantity = drawQuantity(random, item);
    const unitPrice = drawPrice(random, item, decimals);
    return {
      description: item.description,
      quantity,
      unitPrice,
      amount: round(quantity * unitPrice, decimals),
    };
  });
  const subtotal = round(
    lineItems.reduce((sum, line) => sum + line.amount, 0),
    decimals,
  );
  const tax = round(subtotal * vendor.taxRate, decimals);
  return {
    truth: {
      vendorName: vendor.name,
      invoiceNumber: vendor.invoiceNumber(random, issueDate),
      issueDate,
      dueDate,
      currency: vendor.currency,
      lineItems,
      subtotal,
      tax,
      total: round(subtotal + tax, decimals),
    },
    vendor,
    customer: random.pick(CUSTOMERS[vendor.region]),
    units: items.map((item) => item.unit),
    terms,
    taxRate: vendor.taxRate,
    poNumber: random.chance(0.4) ? `PO-${random.int(1000, 99999)}` : null,
    serviceDate: addDays(issueDate, -random.int(0, 10)),
  };
}
