import { z } from 'zod';
import { documentOfInput } from '../document/document-of-input';
import { DocumentSource } from '../document/document-source';
import type { AnyWorkflow } from '../workflow/define-workflow';
import { fairShareCost } from './fair-share-cost';

/** Bytes assumed for a document given by reference (blob or URL), whose size the producer does not hold. */
const REFERENCED_DOCUMENT_BYTES = 100_000;

const fixedTokensByWorkflow = new WeakMap<AnyWorkflow, number>();

/**
 * About how many input tokens a job will spend (`fairShareCost`), for its place in the fair order:
 * its workflow's instructions and output schema (measured once per workflow), its input's text, and
 * its document's bytes when it carries one.
 */
export function jobFairCost(workflow: AnyWorkflow, input: unknown): number {
  const document = documentOfInput(input);
  const source =
    document === undefined ? null : DocumentSource.safeParse((document as { source?: unknown }).source);
  const documentBytes =
    source === null
      ? undefined
      : source.success && source.data.type === 'base64'
        ? Math.floor((source.data.data.length * 3) / 4)
        : REFERENCED_DOCUMENT_BYTES;
  return fairShareCost({
    fixedTokens: fixedTokensOf(workflow),
    textChars: textCharsOf(input, document !== undefined),
    documentBytes,
  });
}

function fixedTokensOf(workflow: AnyWorkflow): number {
  const known = fixedTokensByWorkflow.get(workflow);
  if (known !== undefined) return known;
  let schemaChars = 0;
  try {
    schemaChars = JSON.stringify(z.toJSONSchema(workflow.output, { unrepresentable: 'any' })).length;
  } catch {
    schemaChars = 2000;
  }
  const tokens = Math.ceil((workflow.instructions.length + schemaChars) / 4) + 200;
  fixedTokensByWorkflow.set(workflow, tokens);
  return tokens;
}

/** Characters of the input besides a document (a document's base64 is counted by its bytes). */
function textCharsOf(input: unknown, hasDocument: boolean): number {
  if (typeof input !== 'object' || input === null) return String(input ?? '').length;
  if (!hasDocument) return JSON.stringify(input)?.length ?? 0;
  const { document: _document, ...rest } = input as Record<string, unknown>;
  return JSON.stringify(rest)?.length ?? 0;
}
