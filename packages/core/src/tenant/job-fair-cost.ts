import { z } from 'zod';
import { documentOfInput } from '../document/document-of-input';
import { DocumentSource } from '../document/document-source';
import { extractDefaults } from '../loop/extract-defaults';
import { defaultModelTable } from '../models/default-model-table';
import { modelSpecOf } from '../models/model-spec-of';
import { cacheDefaults } from '../request/cache-placement';
import type { AnyWorkflow } from '../workflow/define-workflow';
import { fairShareCost } from './fair-share-cost';

/** Bytes assumed for a document given by reference (blob or URL), whose size the producer does not hold. */
const REFERENCED_DOCUMENT_BYTES = 100_000;

/** Tokens of framing around the instructions and schema in the shared prefix (system prompt, tool). */
const PREFIX_FRAMING_TOKENS = 100;
/** Tokens of framing in the job's own turn besides its input (task, headings). */
const TURN_FRAMING_TOKENS = 50;

const fixedTokensByWorkflow = new WeakMap<AnyWorkflow, number>();

/**
 * About how many input tokens a job will spend against the input-token rate limit
 * (`fairShareCost`), for its place in the fair order: its input's text, its document's bytes when
 * it carries one, and its workflow's fixed part (measured once per workflow). The fixed part's
 * shared prefix (instructions and output schema) counts only when it is shorter than the minimum
 * cacheable length of the workflow's model: a longer one is cached by the worker and read from the
 * cache on every call, which the rate limit does not count.
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
  const prefix = Math.ceil((workflow.instructions.length + schemaChars) / 4) + PREFIX_FRAMING_TOKENS;
  const tokens = (prefix >= minCacheableTokensOf(workflow) ? 0 : prefix) + TURN_FRAMING_TOKENS;
  fixedTokensByWorkflow.set(workflow, tokens);
  return tokens;
}

/** The shortest prefix the worker caches for the workflow: its override, else its model's (default table). */
function minCacheableTokensOf(workflow: AnyWorkflow): number {
  const model = workflow.model ?? extractDefaults.modelId;
  return (
    workflow.minCacheableTokens ??
    modelSpecOf(model, defaultModelTable)?.minCacheableTokens ??
    cacheDefaults.minCacheableTokens
  );
}

/** Characters of the input besides a document (a document's base64 is counted by its bytes). */
function textCharsOf(input: unknown, hasDocument: boolean): number {
  if (typeof input !== 'object' || input === null) return String(input ?? '').length;
  if (!hasDocument) return charactersOf(input);
  const { document: _document, ...rest } = input as Record<string, unknown>;
  return charactersOf(rest);
}

/**
 * Characters of a value's text as a prompt shows it: its strings as they are (not JSON-escaped),
 * keys (an array's indexes too), and other leaves as written; walked without recursion and each
 * object once, so any depth or a cycle is safe.
 */
function charactersOf(value: unknown): number {
  let characters = 0;
  const pending: unknown[] = [value];
  const seen = new WeakSet<object>();
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') characters += next.length;
    else if (typeof next === 'object' && next !== null) {
      if (seen.has(next)) continue;
      seen.add(next);
      for (const [key, item] of Object.entries(next)) {
        characters += key.length;
        pending.push(item);
      }
    } else if (next !== undefined) characters += String(next).length;
  }
  return characters;
}
