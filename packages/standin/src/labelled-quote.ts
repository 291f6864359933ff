import { type GroundedField, valueAgreement } from '@quarry/grounding';

/** Options of {@link labelledQuote}. */
export interface LabelledQuoteOptions {
  readonly document: string;
  readonly field: GroundedField;
  /** The true value (not null). */
  readonly value: unknown;
  /** The description of the field's quote in the request's evidence schema, if any. */
  readonly description: string | undefined;
}

/** The label terms an evidence description names: the quoted strings after `such as`. */
function labelsIn(description: string | undefined): string[] {
  const named = description?.match(/such as ((?:"(?:[^"\\]|\\.)*"(?:, )?)+)/)?.[1] ?? '';
  return [...named.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((term) => JSON.parse(`"${term[1]}"`) as string);
}

/** Where a label term stands in a line as a whole word, or -1. */
function labelAt(line: string, label: string): number {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, String.raw`\s+`);
  return line.search(new RegExp(String.raw`(?<![\p{L}\p{N}-])${escaped}(?![\p{L}\p{N}])`, 'iu'));
}

/**
 * The line a careful model quotes for a field: of the lines that show the value, one that starts
 * with a label the evidence description names, else one that carries such a label, else one right
 * under a line that does, else the first (a label-less document, or a request naming no labels).
 */
export function labelledQuote(options: LabelledQuoteOptions): string | null {
  const { document, field, value } = options;
  const labels = labelsIn(options.description);
  const lines = document.split('\n').map((line) => line.trim());
  const showing = lines
    .map((span, index) => ({ span, index }))
    .filter(({ span }) => span !== '' && valueAgreement({ field, value, span }).verdict === 'agrees');
  const labelled = (line: string | undefined, where: (at: number) => boolean) =>
    line !== undefined && labels.some((label) => where(labelAt(line, label)));
  const best =
    showing.find(({ span }) => labelled(span, (at) => at === 0)) ??
    showing.find(({ span }) => labelled(span, (at) => at > 0)) ??
    showing.find(({ index }) => labelled(lines[index - 1], (at) => at >= 0)) ??
    showing[0];
  return best?.span ?? null;
}
