import { documentTokenFigures } from '../document/document-token-estimate';
import type { ContentPart, ModelRequest } from '../model/model-request';
import type { ModelTable } from '../models/model-spec';
import { modelSpecOf } from '../models/model-spec-of';

/** What one call takes from its rate-limit budget before it is sent. */
export interface PacingDraw {
  readonly requests: number;
  /** Estimated uncached input tokens (input plus cache writes; cache reads do not count). */
  readonly inputTokens: number;
  /** The output reservation: the call's `max_tokens`, as the API itself reserves it. */
  readonly outputTokens: number;
}

/** Characters per token of the estimate (about four for English text), before the model's tokenizer factor. */
export const charactersPerToken = 4;

/**
 * The input estimate is taken this much over the character count: an estimate under what the API
 * counts can meet an empty bucket (a 429) while the call is in flight, one over it costs only a few
 * milliseconds of pacing, since the surplus comes back when the call is reconciled.
 */
export const inputEstimateMargin = 1.05;

/** Options of {@link pacingDraw}. */
export interface PacingDrawOptions {
  readonly request: ModelRequest;
  /** 1-based attempt of the job the call answers; from the second on the cached prefix is expected to be read. */
  readonly attempt: number;
  /** The model table, for the tokenizer factor (1 when the model is not in it). */
  readonly models: ModelTable;
}

/**
 * What a call draws from its budget: one request, its `max_tokens` as the output reservation, and
 * its estimated uncached input tokens: every character of the request on a job's first attempt
 * (its prefix is written to the cache, and writes count toward the input limit), only the part
 * after the last cache breakpoint on later attempts (the prefix is then read from the cache, and
 * reads do not count on current models). The estimate is about four characters a token times the
 * model's tokenizer factor, plus {@link inputEstimateMargin}; a PDF or an image counts its
 * `estimatedTokens` (`documentTokenEstimate`: per page, from its text and page image) times the
 * same factor. The draw is reconciled with the real usage once the call returns.
 */
export function pacingDraw(options: PacingDrawOptions): PacingDraw {
  const { request } = options;
  const factor = modelSpecOf(request.model, options.models)?.tokenizerFactor ?? 1;
  const prefix =
    request.system.length + JSON.stringify(request.outputSchema).length + request.toolName.length;
  let beforeBreakpoint = prefix;
  let total = prefix;
  for (const message of request.messages) {
    for (const part of message.content) {
      total += partLength(part);
      if ((part.type === 'text' || part.type === 'document') && part.cacheBreakpoint)
        beforeBreakpoint = total;
    }
  }
  const uncached = options.attempt > 1 ? total - beforeBreakpoint : total;
  return {
    requests: 1,
    inputTokens: Math.ceil((uncached / charactersPerToken) * factor * inputEstimateMargin),
    outputTokens: request.maxTokens,
  };
}

const partLength = (part: ContentPart): number => {
  switch (part.type) {
    case 'text':
      return part.text.length;
    case 'tool_call':
      return part.name.length + (JSON.stringify(part.input) ?? '').length;
    case 'tool_result':
      return part.text.length;
    case 'document':
      return (part.estimatedTokens ?? documentTokenFigures.unknownDocument) * charactersPerToken;
  }
};
