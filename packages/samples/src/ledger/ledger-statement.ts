import { z } from 'zod';

/** One row of a statement's table: its date (YYYY-MM-DD), its description (unique) and its signed amount. */
export const LedgerRow = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date must be YYYY-MM-DD' }),
  description: z.string().min(1),
  amount: z.number(),
});
export type LedgerRow = z.infer<typeof LedgerRow>;

/**
 * What a statement (`longTableDocument`) says: the header repeated on every page, every row of its
 * table in order, and the closing balance printed on the last page (null when the pages read do
 * not show it, as a page window before the last does not).
 */
export const LedgerStatement = z.object({
  accountHolder: z.string().min(1),
  accountNumber: z.string().min(1),
  /** As printed: `2025-01-01 to 2025-06-30`. */
  period: z.string().min(1),
  rows: z.array(LedgerRow),
  closingBalance: z.number().nullable(),
});
export type LedgerStatement = z.infer<typeof LedgerStatement>;
