import { cut } from '@quarry/core';
import type { GroundedField } from '../plan/grounded-field';
import { containsTerm } from '../text/contains-term';
import { datesIn } from './dates-in';
import { numberAgreement } from './number-agreement';
import type { SettledDecimalMark } from './settled-decimal-mark';

/**
 * Whether a value agrees with the document text its quote was found at: it does, it does only
 * under one reading of an ambiguous date or number (`note` says which), or it does not (`reason` says why,
 * in words for the feedback).
 */
export type Agreement =
  | { readonly verdict: 'agrees' }
  | { readonly verdict: 'ambiguous'; readonly note: string }
  | { readonly verdict: 'mismatch'; readonly reason: string };

export interface ValueAgreementOptions {
  readonly field: GroundedField;
  /** The extracted value (not null). */
  readonly value: unknown;
  /** The document text where the quote was found. */
  readonly span: string;
  /** The document's decimal mark, when the locale or the document settles it (`settledDecimalMark`). */
  readonly decimalMark?: SettledDecimalMark | undefined;
}

const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(?:$|T)/;

/**
 * Compares a value with its span, by the field's kind: strings are contained as whole words after
 * normalisation; numbers equal a number read from the span to half a cent, a lone `.` or `,`
 * before three digits read by the decimal mark, ambiguous without one (`numberAgreement`); dates
 * equal, as ISO `YYYY-MM-DD`, a date read from the span (`datesIn`, with the field's date order);
 * enum values appear by their labels, else by their own name (`net_30` also as `net 30`).
 */
export function valueAgreement(options: ValueAgreementOptions): Agreement {
  const { field, value, span } = options;
  switch (field.kind) {
    case 'string':
      return containsTerm(span, String(value))
        ? agrees
        : mismatch(`the quoted passage ${passage(span)} does not contain it`);
    case 'number':
      return numberAgreement({ pattern: field.pattern, value, span, decimalMark: options.decimalMark });
    case 'date': {
      const iso = ISO_DATE.exec(String(value))?.[1];
      if (!iso) return mismatch('the value is not an ISO date (YYYY-MM-DD)');
      const found = datesIn(span, field.dateOrder);
      const reading = found.find((date) => date.iso === iso);
      if (!reading) {
        const dates = found.map((date) => date.iso);
        return mismatch(
          `the quoted passage holds ${dates.length === 0 ? 'no date' : `the dates ${list(dates)}`}`,
        );
      }
      if (!reading.ambiguous) return agrees;
      return {
        verdict: 'ambiguous',
        note: `the date reads as ${list(found.filter((d) => d.ambiguous).map((d) => d.iso))}; set dateOrder for ${field.pattern}`,
      };
    }
    case 'enum': {
      const name = String(value);
      const labels = [name, name.replace(/[_-]+/g, ' '), ...(field.labels[name] ?? [])];
      if (labels.some((label) => containsTerm(span, label))) return agrees;
      return mismatch(`the quoted passage ${passage(span)} names none of ${list([...new Set(labels)])}`);
    }
  }
}

const agrees: Agreement = { verdict: 'agrees' };

function mismatch(reason: string): Agreement {
  return { verdict: 'mismatch', reason };
}

function passage(span: string): string {
  return `"${cut(span.replace(/\s+/g, ' '), 80)}"`;
}

function list(values: readonly unknown[]): string {
  const shown = values.slice(0, 5).map(String).join(', ');
  return values.length > 5 ? `${shown}, …` : shown;
}
