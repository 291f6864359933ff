import type { IncomingHttpHeaders } from 'node:http';
import type { ModelTable } from '@quarry/core';
import type { MessagesRequestBody, RequestBlock } from './messages-wire';
import { forcesTool, modelContextOf } from './model-context';

/** The beta header that enables `fallbacks` (SDK 1.12.0 `AnthropicBeta`). */
export const fallbackBetaPrefix = 'server-side-fallback-';

const samplingParameters = ['temperature', 'top_p', 'top_k'] as const;

/**
 * The first thing about `body` that a model it names rejects, as the API words it for an
 * `invalid_request_error` (naming the parameter), or null. Checked for the request's model and
 * every fallback model (each fallback attempt is validated as if the request named it), from the
 * table: forced tool choice, sampling parameters, an assistant prefill, `output_config.effort` on a
 * model without one, turning thinking off on a model that always thinks, and a replayed `tool_use`
 * without the thinking block it needs when the model thinks. `fallbacks` also need their beta header.
 */
export function modelRuleProblem(options: {
  readonly body: MessagesRequestBody;
  readonly headers: IncomingHttpHeaders;
  readonly models: ModelTable;
}): string | null {
  const { body, headers, models } = options;
  const fallbacks = body.fallbacks ?? [];
  if (fallbacks.length > 0 && !betas(headers).some((beta) => beta.startsWith(fallbackBetaPrefix)))
    return `fallbacks: requires the anthropic-beta header ${fallbackBetaPrefix}2026-07-01`;
  for (const model of [body.model, ...fallbacks.map((fallback) => fallback.model)]) {
    const problem = problemFor(body, model, models);
    if (problem) return problem;
  }
  return null;
}

function problemFor(body: MessagesRequestBody, model: string, models: ModelTable): string | null {
  const context = modelContextOf(body, model, models);
  const { spec } = context;
  if (!spec) return null;
  if (!spec.forcedToolChoice && forcesTool(body))
    return `tool_choice: forced tool use (type "${body.tool_choice?.type}") is not supported by ${model}; use {"type": "auto"}`;
  if (!spec.samplingParameters) {
    const sent = samplingParameters.find((name) => body[name] !== undefined);
    if (sent) return `${sent}: is not supported by ${model}`;
  }
  if (!spec.assistantPrefill && body.messages.at(-1)?.role === 'assistant')
    return `messages: ${model} does not support an assistant prefill; the last message must be a user message`;
  const effort = body.output_config?.effort;
  if (effort !== undefined && effort !== null && spec.defaultEffort === null)
    return `output_config.effort: is not supported by ${model}`;
  if (spec.thinking === 'always' && body.thinking?.type === 'disabled')
    return `thinking.type: ${model} cannot turn thinking off ("disabled")`;
  if (context.thinks) return toolReplayProblem(body);
  return null;
}

/**
 * With thinking on, an assistant turn whose `tool_use` the next user turn answers must start with
 * its thinking block (which is sent back as received).
 */
function toolReplayProblem(body: MessagesRequestBody): string | null {
  for (const [index, message] of body.messages.entries()) {
    if (message.role !== 'assistant' || typeof message.content === 'string') continue;
    const next = body.messages[index + 1];
    const answered =
      next !== undefined && typeof next.content !== 'string' && next.content.some(isToolResult);
    const first = message.content[0];
    if (answered && message.content.some((block) => block.type === 'tool_use') && !isThinking(first))
      return `messages.${index}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${first?.type ?? 'nothing'}\`. When thinking is on, an assistant turn with tool use must start with its thinking block`;
  }
  return null;
}

const isToolResult = (block: RequestBlock): boolean => block.type === 'tool_result';
const isThinking = (block: RequestBlock | undefined): boolean =>
  block?.type === 'thinking' || block?.type === 'redacted_thinking';

function betas(headers: IncomingHttpHeaders): string[] {
  const raw = headers['anthropic-beta'];
  const values = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return values.flatMap((value) => value.split(',').map((beta) => beta.trim()));
}
