import type { Invoice } from '@quarry/workflows';
import type { Random } from '../random';
import type { Sample } from '../sample';
import { pad } from '../text-layout';
import { draftInvoice } from './draft-invoice';
import { INVOICE_LAYOUTS } from './invoice-layouts';
import { VENDORS } from './invoice-parties';

/** Line counts drawn for invoices: mostly short, some long. */
const LINE_COUNTS = [1, 1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];

/**
 * Generates `count` invoice samples: every vendor in every layout it uses at least once (when `count`
 * allows), then random vendor/layout pairs, in shuffled order.
 */
export function buildInvoiceSamples(random: Random, options: { count: number }): Sample<Invoice>[] {
  const pairs = VENDORS.flatMap((vendor) => vendor.layouts.map((layout) => ({ vendor, layout })));
  while (pairs.length < options.count) {
    const vendor = random.pick(VENDORS);
    pairs.push({ vendor, layout: random.pick(vendor.layouts) });
  }
  return random
    .shuffle(pairs)
    .slice(0, options.count)
    .map(({ vendor, layout }, i) => {
      const draft = draftInvoice(random, { vendor, lineCount: random.pick(LINE_COUNTS) });
      return {
        id: `invoice-${pad(i + 1, 3)}`,
        workflow: 'invoice',
        version: 1,
        text: INVOICE_LAYOUTS[layout](draft, random),
        truth: draft.truth,
      };
    });
}
