import { z } from 'zod';

/** Whether a tag is a well-formed BCP 47 language tag of a language the platform's Intl knows. */
function knownLocale(tag: string): boolean {
  try {
    return (
      Intl.getCanonicalLocales(tag).length === 1 && Intl.NumberFormat.supportedLocalesOf(tag).length === 1
    );
  } catch {
    return false;
  }
}

/**
 * A document's locale as a BCP 47 language tag (`de-DE`, `en-US`, `ja-JP`, `de-CH`, `en-IN`). Grounding
 * reads a lone `.` or `,` before three digits (`1.234`) by the locale's decimal mark.
 */
export const Locale = z
  .string()
  .max(64, { error: 'must be a BCP 47 language tag of at most 64 characters, e.g. de-DE or en-US' })
  .refine(knownLocale, {
    error: (issue) =>
      `must be a BCP 47 language tag of a known language, e.g. de-DE or en-US, got ${JSON.stringify(issue.input)}`,
  })
  .describe("The document's locale as a BCP 47 language tag, e.g. de-DE or en-US.");
export type Locale = z.infer<typeof Locale>;
