import type {
  CacheControlEphemeral,
  ContentBlockParam,
  DocumentBlockParam,
  ImageBlockParam,
  MessageCreateParamsBase,
  MessageParam,
  Tool,
} from '@anthropic-ai/sdk/resources/messages';
import { type ContentPart, type ModelRequest, ModelTransportError } from '@quarry/core';

/** Description of the answer tool when the strategy is `tool`. */
export const answerToolDescription =
  'Records the extracted data. Call it exactly once, with the complete answer as its input.';

/** Options of {@link toMessageParams}. */
export interface ToMessageParamsOptions {
  /** Lifetime of the cache entry the breakpoint writes: `5m` (the default, no `ttl` sent) or `1h`. */
  readonly cacheTtl?: '5m' | '1h';
}

/**
 * Translates a {@link ModelRequest} to Messages API parameters, keeping the order of every
 * message and part: the system prompt is one text block (with `cache_control` when
 * `systemCacheBreakpoint` is set: tools or schema and system form the shared prefix), a part marked
 * `cacheBreakpoint` gets `cache_control: { type: 'ephemeral' }` (with `ttl: '1h'` when `cacheTtl` is
 * `1h`), a document part becomes a `document` (PDF) or `image` block by file id or base64, and the strategy decides between
 * `output_config.format` (structured outputs) and one tool, forced with `tool_choice` of type
 * `tool`, or (`toolChoice: 'auto'`, for models that answer 400 to forced tool use) strict with
 * `tool_choice: auto`. `effort` becomes `output_config.effort`, `diagnostics` the request's
 * `diagnostics.previous_message_id`. No sampling parameter is ever sent. Fallbacks are not part of
 * these parameters: see {@link withFallbacks}.
 *
 * @throws ModelTransportError (`permanent`) when the request cannot be sent as it is.
 */
export function toMessageParams(
  request: ModelRequest,
  options: ToMessageParamsOptions = {},
): MessageCreateParamsBase {
  const cacheControl: CacheControlEphemeral =
    options.cacheTtl === '1h' ? { type: 'ephemeral', ttl: '1h' } : { type: 'ephemeral' };
  const base = {
    model: request.model,
    max_tokens: request.maxTokens,
    system: [
      request.systemCacheBreakpoint
        ? { type: 'text' as const, text: request.system, cache_control: cacheControl }
        : { type: 'text' as const, text: request.system },
    ],
    messages: request.messages.map(
      (message): MessageParam => ({
        role: message.role,
        content: message.content.map((part) => toBlock(part, cacheControl)),
      }),
    ),
    ...(request.diagnostics
      ? { diagnostics: { previous_message_id: request.diagnostics.previousMessageId } }
      : {}),
  };
  const effort = request.effort ? { effort: request.effort } : {};
  switch (request.strategy) {
    case 'structured':
      return {
        ...base,
        output_config: {
          format: { type: 'json_schema', schema: { ...request.outputSchema } },
          ...effort,
        },
      };
    case 'tool': {
      const tool: Tool = {
        name: request.toolName,
        description: answerToolDescription,
        input_schema: toolInputSchema(request),
      };
      const auto = request.toolChoice === 'auto';
      return {
        ...base,
        tools: [auto ? { ...tool, strict: true } : tool],
        tool_choice: auto ? { type: 'auto' } : { type: 'tool', name: request.toolName },
        ...(request.effort ? { output_config: effort } : {}),
      };
    }
  }
}

function toBlock(part: ContentPart, cacheControl: CacheControlEphemeral): ContentBlockParam {
  switch (part.type) {
    case 'text':
      return part.cacheBreakpoint
        ? { type: 'text', text: part.text, cache_control: cacheControl }
        : { type: 'text', text: part.text };
    case 'document': {
      const block = documentBlockParam(part);
      return part.cacheBreakpoint ? { ...block, cache_control: cacheControl } : block;
    }
    case 'tool_call':
      return { type: 'tool_use', id: part.id, name: part.name, input: part.input };
    case 'tool_result':
      return {
        type: 'tool_result',
        tool_use_id: part.toolCallId,
        content: part.text,
        is_error: part.isError,
      };
  }
}

/**
 * A PDF as a `document` block, an image as an `image` block, each by Files API id
 * (`source: { type: 'file', file_id }`) or base64 (SDK 1.12.0 `DocumentBlockParam`, `ImageBlockParam`).
 */
function documentBlockParam(
  part: Extract<ContentPart, { type: 'document' }>,
): DocumentBlockParam | ImageBlockParam {
  const { ref, mediaType } = part;
  if (mediaType === 'application/pdf') {
    return {
      type: 'document',
      source:
        ref.type === 'file'
          ? { type: 'file', file_id: ref.fileId }
          : { type: 'base64', media_type: mediaType, data: ref.data },
    };
  }
  return {
    type: 'image',
    source:
      ref.type === 'file'
        ? { type: 'file', file_id: ref.fileId }
        : { type: 'base64', media_type: mediaType, data: ref.data },
  };
}

function toolInputSchema(request: ModelRequest): Tool.InputSchema {
  const schema = request.outputSchema;
  if (schema.type !== 'object') {
    throw new ModelTransportError({
      kind: 'permanent',
      message: `The output schema must have "type": "object" to be the input schema of tool "${request.toolName}" (got ${JSON.stringify(schema.type) ?? 'no type'})`,
    });
  }
  return { ...schema, type: 'object' };
}
