import { documentTokenFigures } from '../document/document-token-estimate';
import type { ModelRequest } from '../model/model-request';
import type { ModelSpec } from '../models/model-spec';
import {
  type CachePlacement,
  type CachePlacementPolicy,
  cacheDefaults,
  decideCachePlacement,
  type FirstAttemptHistory,
} from '../request/cache-placement';
import { estimateTokens } from '../request/estimate-tokens';
import type { AnyWorkflow } from '../workflow/define-workflow';
import type { ExtractSettings } from './extract-defaults';

/** What the loop knows of a job's cache economics: the workflow's recent first attempts and the policy. */
export interface CacheInputs {
  readonly history: FirstAttemptHistory | null;
  readonly policy: CachePlacementPolicy;
}

/**
 * The cache placement of a call laid out without breakpoints: the shared prefix and the job's own
 * part are estimated from the request's own text (schema and system prompt; the first user turn:
 * document, lessons, task) and a PDF's or image's `estimatedTokens` (times the tokenizer factor,
 * as the text), so a short prompt over a long PDF reaches the minimum cacheable length; the minimum
 * cacheable length is the workflow's override, else the model table's, else
 * {@link cacheDefaults}.minCacheableTokens for a model the table does not know.
 */
export function placementForRequest(options: {
  readonly request: ModelRequest;
  readonly workflow: AnyWorkflow;
  readonly settings: ExtractSettings;
  /** The table entry of the model this call asks (a ladder's rung); null when the table lacks it. */
  readonly spec: ModelSpec | null;
  readonly attempt: number;
  readonly cache: CacheInputs;
}): CachePlacement {
  const { request, settings, spec } = options;
  const factor = spec?.tokenizerFactor ?? 1;
  const firstParts = request.messages[0]?.content ?? [];
  const firstTurn = firstParts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  const documentTokens = firstParts.reduce(
    (sum, part) =>
      part.type === 'document' ? sum + (part.estimatedTokens ?? documentTokenFigures.unknownDocument) : sum,
    0,
  );
  return decideCachePlacement({
    attempt: options.attempt,
    maxAttempts: settings.maxAttempts,
    history: options.cache.history,
    policy: options.cache.policy,
    sharedPrefixTokens: estimateTokens(`${schemaText(request.outputSchema)}${request.system}`, factor),
    documentTokens: estimateTokens(firstTurn, factor) + Math.ceil(documentTokens * factor),
    minCacheableTokens:
      options.workflow.minCacheableTokens ?? spec?.minCacheableTokens ?? cacheDefaults.minCacheableTokens,
    prices: spec?.prices ?? null,
  });
}

/** Output schemas as JSON text, by schema object (a workflow's converted schema is built once and reused). */
const schemaTexts = new WeakMap<object, string>();

function schemaText(schema: ModelRequest['outputSchema']): string {
  const cached = schemaTexts.get(schema);
  if (cached !== undefined) return cached;
  const text = JSON.stringify(schema);
  schemaTexts.set(schema, text);
  return text;
}
