import type { ModelTable } from '@quarry/core';
import type { PreparedRequest } from './message-responder';
import type { MessageResponse } from './messages-wire';
import { modelContextOf } from './model-context';
import { estimateTokens } from './prompt-cache';
import type { RateLimiter, RateLimitTicket, RateLimitVerdict } from './rate-limiter';
import { requestSegments } from './request-segments';

/** Asks the limiter to admit a request: its whole input counted at arrival, its `max_tokens` reserved. */
export function admitRequest(
  limiter: RateLimiter,
  request: PreparedRequest,
  models: ModelTable,
): RateLimitVerdict {
  const { body } = request;
  const characters = requestSegments(body, request.strategy).reduce(
    (sum, segment) => sum + segment.text.length,
    0,
  );
  const { tokenizerFactor } = modelContextOf(body, body.model, models);
  return limiter.admit({
    apiKey: request.received.apiKey ?? '',
    model: body.model,
    inputTokens: estimateTokens(characters, tokenizerFactor),
    maxTokens: body.max_tokens,
  });
}

/** Settles an answered request with its usage (uncached input, output) and returns the headers its answer carries. */
export function settleRequest(
  limiter: RateLimiter | null,
  ticket: RateLimitTicket,
  message: MessageResponse,
): Record<string, string> {
  if (!limiter) return {};
  const { usage } = message;
  limiter.settle(ticket, {
    inputTokens: usage.input_tokens + usage.cache_creation_input_tokens,
    outputTokens: usage.output_tokens,
  });
  return limiter.headers(ticket.bucket);
}
