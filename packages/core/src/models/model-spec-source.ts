import { z } from 'zod';

/** An ISO calendar date, `YYYY-MM-DD`. */
export const isoDate = () =>
  z
    .string({ error: 'a date as YYYY-MM-DD' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'a date as YYYY-MM-DD' })
    .refine(
      (text) => {
        const ms = Date.parse(`${text}T00:00:00Z`);
        return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(text);
      },
      { error: 'a date as YYYY-MM-DD' },
    );

/** Where a fact came from and when it was last checked. */
export const SpecSource = z.object({
  url: z.url({ protocol: /^https?$/, error: 'an http(s) URL' }),
  /** ISO date (YYYY-MM-DD) the entry was checked against the page. */
  checked: isoDate(),
});
export type SpecSource = z.infer<typeof SpecSource>;
