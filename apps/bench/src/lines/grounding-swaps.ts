import type { Grounder } from '@quarry/core';
import type { Sample } from '@quarry/samples';

/** A wrong-field value: another field's value, quoted where the document prints it under its own label. */
interface SwapKind {
  readonly name: string;
  /** The field that gets the wrong value. */
  readonly path: string;
  /** The label of the field the value really belongs to, at the start of a line or after a space. */
  readonly label: RegExp;
  /** The wrong value: from the sample's truth, or the text after the label. */
  readonly value: (truth: Record<string, unknown>, after: string) => unknown;
}

const textAfter = (_: Record<string, unknown>, after: string) => after;

/** The four swaps of the grounding line. */
const swapKinds: readonly SwapKind[] = [
  {
    name: 'subtotal-as-total',
    path: 'total',
    label: /(?:sub-?total|zwischensumme|sous-total|base imponible)\b/i,
    value: (truth) => truth.subtotal,
  },
  {
    name: 'PO-as-invoice-number',
    path: 'invoiceNumber',
    label:
      /(?:\bP\.?O\.?|purchase order|bestellnummer|bon de commande)\b[^\n\S]*(?:no\.?|number|#|nr\.?)?[:#\s]*/i,
    value: textAfter,
  },
  {
    name: 'due-as-issue-date',
    path: 'issueDate',
    label: /(?:due date|payment due|fällig(?:keitsdatum| am)?|échéance|vencimiento)\b/i,
    value: (truth) => truth.dueDate,
  },
  {
    name: 'buyer-as-vendor',
    path: 'vendorName',
    label: /(?:bill to|billed to|sold to|rechnungsempfänger|facturé à|facturar a)\b[:\s]*/i,
    value: textAfter,
  },
];

/** Caught / planted swaps, and true values flagged, for one grounder. */
export interface SwapFigures {
  readonly planted: number;
  readonly caught: number;
  readonly byKind: Readonly<Record<string, string>>;
}

/**
 * Plants each swap the sample document allows into its true output (the quote: the labelled line,
 * with the next line when the label ends its line) and counts those grounding does not accept as
 * grounded at confidence ≥ 0.8.
 */
export function measureSwaps(grounder: Grounder, samples: readonly Sample[]): SwapFigures {
  const tally = new Map(swapKinds.map((kind) => [kind.name, { planted: 0, caught: 0 }]));
  for (const sample of samples) {
    const truth = sample.truth as Record<string, unknown>;
    for (const kind of swapKinds) {
      const planted = plant(sample.text, truth, kind);
      if (!planted) continue;
      const counts = tally.get(kind.name)!;
      counts.planted++;
      if (caught(grounder, sample.text, { ...truth, [kind.path]: planted.value }, kind.path, planted.quote))
        counts.caught++;
    }
  }
  const all = [...tally.values()];
  return {
    planted: all.reduce((sum, counts) => sum + counts.planted, 0),
    caught: all.reduce((sum, counts) => sum + counts.caught, 0),
    byKind: Object.fromEntries(
      [...tally].map(([name, counts]) => [name, `${counts.caught}/${counts.planted}`]),
    ),
  };
}

function plant(
  text: string,
  truth: Record<string, unknown>,
  kind: SwapKind,
): { value: unknown; quote: string } | undefined {
  const match = kind.label.exec(text);
  if (!match) return undefined;
  const lineEnd = text.indexOf('\n', match.index + match[0].length);
  const rest = text.slice(match.index + match[0].length, lineEnd === -1 ? undefined : lineEnd).trim();
  const nextEnd = lineEnd === -1 ? -1 : text.indexOf('\n', lineEnd + 1);
  const next = lineEnd === -1 ? '' : text.slice(lineEnd + 1, nextEnd === -1 ? undefined : nextEnd).trim();
  const after = rest.replace(/^[:#\s]+/, '') || next;
  const value = kind.value(truth, after);
  if (value === undefined || value === null || value === '' || value === truth[kind.path]) return undefined;
  const end = rest === '' ? (nextEnd === -1 ? text.length : nextEnd) : lineEnd === -1 ? text.length : lineEnd;
  return { value, quote: text.slice(match.index, end).trim() };
}

function caught(
  grounder: Grounder,
  document: string,
  data: Record<string, unknown>,
  path: string,
  quote: string,
): boolean {
  const evidence = { ...quotesOf(document, data), [path]: quote };
  const verdict = grounder.check({ document, data, evidence });
  const confidence = grounder.confidence([verdict.fields]).confidence[path] ?? 0;
  return verdict.issues.some((issue) => issue.path === path) || confidence < 0.8;
}

/** Quotes for the other grounded values: the first line holding each, as a model would quote it. */
function quotesOf(document: string, data: Record<string, unknown>): Record<string, string> {
  const lines = document.split('\n');
  const quotes: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'object') continue;
    const line = lines.find((candidate) => candidate.includes(String(value)));
    if (line) quotes[key] = line.trim();
  }
  return quotes;
}
