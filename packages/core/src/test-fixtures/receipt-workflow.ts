import { z } from 'zod';
import { defineWorkflow, type WorkflowDefinition } from '../workflow/define-workflow';
import type { Rule } from '../workflow/rule';

/** A small workflow for the core's own tests. */
export const ReceiptInput = z.object({ text: z.string().min(1) });
export type ReceiptInput = z.infer<typeof ReceiptInput>;

export const Receipt = z.object({
  merchant: z.string().min(1),
  date: z.iso.date(),
  items: z.array(z.object({ name: z.string().min(1), price: z.number().nonnegative() })).min(1),
  total: z.number().nonnegative(),
});
export type Receipt = z.infer<typeof Receipt>;

export const totalMatches: Rule<Receipt, ReceiptInput> = {
  id: 'total-matches',
  description: 'total equals the sum of item prices',
  severity: 'retry',
  check: (data) => {
    const sum = data.items.reduce((acc, item) => acc + item.price, 0);
    return Math.abs(sum - data.total) <= 0.01
      ? []
      : [
          {
            path: 'total',
            message: `total must equal the sum of item prices (${sum.toFixed(2)})`,
            received: data.total,
          },
        ];
  },
};

export const receiptDocument = 'CORNER CAFE\n2024-03-01\nCoffee 3.50\nBagel 2.25\nTOTAL 5.75';

export const validReceipt: Receipt = {
  merchant: 'Corner Cafe',
  date: '2024-03-01',
  items: [
    { name: 'Coffee', price: 3.5 },
    { name: 'Bagel', price: 2.25 },
  ],
  total: 5.75,
};

export function receiptWorkflow(
  overrides: Partial<WorkflowDefinition<typeof ReceiptInput, typeof Receipt>> = {},
): WorkflowDefinition<typeof ReceiptInput, typeof Receipt> {
  return defineWorkflow({
    name: 'receipt',
    version: 1,
    description: 'Till receipts',
    input: ReceiptInput,
    output: Receipt,
    rules: [totalMatches],
    instructions: 'Extract the merchant, date, items and total of the receipt.',
    ...overrides,
  });
}
