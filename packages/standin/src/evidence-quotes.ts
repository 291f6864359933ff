import type { GroundedField } from '@quarry/grounding';
import { formatPath, type JsonPath, valueAt } from './json-path';
import { labelledQuote } from './labelled-quote';
import { allowedTypes, enumValues, type JsonSchema, schemaAt } from './schema-at';

/** The property in which a grounded request asks for quotes (see `@quarry/grounding`). */
const EVIDENCE_KEY = '_evidence';

/** Options of {@link addEvidence}. */
export interface AddEvidenceOptions {
  /** The answer, changed in place: an evidence object goes first into each object the schema asks it for. */
  readonly value: unknown;
  /** The true answer, whose values are quoted. */
  readonly truth: unknown;
  /** The request's output schema; nothing is added when it asks for no evidence. */
  readonly schema: JsonSchema | null;
  /** The corpus document. */
  readonly document: string;
  /** Quotes to give instead, by concrete path (`lineItems[0].amount`): made-up ones, or null for none. */
  readonly quotes?: ReadonlyMap<string, string | null>;
}

/**
 * Answers a grounded request as a careful model does: for every field the schema asks evidence
 * for, a line of the document that shows the field's true value, under the field's own label when
 * the evidence schema names labels (`labelledQuote`; null when no line does or the true value is null).
 */
export function addEvidence(options: AddEvidenceOptions): void {
  if (options.schema) visit(options.value, [], options);
}

function visit(value: unknown, path: JsonPath, options: AddEvidenceOptions): void {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) visit(item, [...path, index], options);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const object = value as Record<string, unknown>;
  for (const [key, child] of Object.entries(object)) visit(child, [...path, key], options);
  const evidence = schemaAt(options.schema, [...path, EVIDENCE_KEY])?.properties;
  if (typeof evidence !== 'object' || evidence === null) return;
  const quotes: Record<string, string | null> = {};
  for (const key of Object.keys(evidence)) {
    const at = [...path, key];
    const given = options.quotes?.get(formatPath(at));
    quotes[key] = given !== undefined ? given : quoteFor(at, options);
  }
  const rest = { ...object };
  for (const key of Object.keys(object)) delete object[key];
  Object.assign(object, { [EVIDENCE_KEY]: quotes }, rest);
}

function quoteFor(path: JsonPath, options: AddEvidenceOptions): string | null {
  const truth = valueAt(options.truth, path);
  if (truth === undefined || truth === null || truth === '') return null;
  const field = fieldAt(options.schema as JsonSchema, path);
  const quote = schemaAt(options.schema, [...path.slice(0, -1), EVIDENCE_KEY, ...path.slice(-1)]);
  const description = typeof quote?.description === 'string' ? quote.description : undefined;
  return labelledQuote({ document: options.document, field, value: truth, description });
}

/** How grounding compares the value at `path`, read from the request's schema. */
function fieldAt(root: JsonSchema, path: JsonPath): GroundedField {
  const node = schemaAt(root, path);
  const types = allowedTypes(root, node) ?? new Set<string>();
  const values = enumValues(root, node) ?? [];
  const format = node?.format ?? node?.anyOf;
  const isDate = JSON.stringify(format ?? '').includes('date');
  const kind =
    values.length > 0
      ? 'enum'
      : types.has('number') || types.has('integer')
        ? 'number'
        : isDate
          ? 'date'
          : 'string';
  return { pattern: formatPath(path), kind, mode: 'require', nullable: true, enumValues: values, labels: {} };
}
