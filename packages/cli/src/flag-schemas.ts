import { z } from 'zod';

// zod schemas of flag values as commander hands them over (strings, `true` for a switch). Each
// message follows the flag's name: `--limit must be a positive integer, got "x"` (see readFlags).

/** A switch: present or not. */
export const switchFlag = z.boolean().default(false);

/** Any text. */
export const textFlag = z.string();

/** A positive whole number written in digits (`--version 2`, `--limit 20`). */
export const positiveIntegerFlag = z
  .string()
  .regex(/^\d+$/, { error: 'must be a positive integer' })
  .transform(Number)
  .pipe(z.number().min(1, { error: 'must be a positive integer' }));

/** A decimal as typed on a command line (no sign, exponent or hex), or NaN when it is not one. */
const decimal = (text: string): number => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : Number.NaN);

/** A positive whole number of tokens, digits only (`--max-tokens 50000`). */
export const tokensFlag = z
  .string()
  .transform(decimal)
  .refine((n) => Number.isSafeInteger(n) && n > 0, { error: 'must be a positive whole number of tokens' });

/** A positive decimal number of `unit` (`--max-cost-usd 0.25`). */
export const positiveDecimalFlag = (unit: string) =>
  z
    .string()
    .transform(decimal)
    .refine((n) => Number.isFinite(n) && n > 0, { error: `must be a positive number of ${unit}` });
