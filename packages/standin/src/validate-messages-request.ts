import { Effort } from '@quarry/core';
import { documentBlockProblem } from './document-block-problem';
import type { MessagesRequestBody } from './messages-wire';
import { structuredOutputProblem } from './structured-output-problem';

export type RequestValidation =
  | { readonly ok: true; readonly body: MessagesRequestBody }
  | { readonly ok: false; readonly message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a parsed `POST /v1/messages` body the way the API does for the fields the stand-in
 * reads, and names the first problem (`max_tokens: Field required`) in an `invalid_request_error`.
 */
export function validateMessagesRequest(body: unknown): RequestValidation {
  const fail = (message: string): RequestValidation => ({ ok: false, message });
  if (!isRecord(body)) return fail('The request body must be a JSON object');
  if (body.model === undefined) return fail('model: Field required');
  if (typeof body.model !== 'string' || body.model.length === 0)
    return fail('model: Input should be a non-empty string');
  if (body.max_tokens === undefined) return fail('max_tokens: Field required');
  if (typeof body.max_tokens !== 'number' || !Number.isInteger(body.max_tokens))
    return fail('max_tokens: Input should be a valid integer');
  if (body.max_tokens < 1) return fail('max_tokens: Input should be greater than or equal to 1');
  if (body.messages === undefined) return fail('messages: Field required');
  if (!Array.isArray(body.messages)) return fail('messages: Input should be a valid list');
  if (body.messages.length === 0) return fail('messages: at least one message is required');
  for (const [index, message] of body.messages.entries()) {
    const problem = messageProblem(message);
    if (problem) return fail(`messages.${index}${problem}`);
  }
  if (body.system !== undefined && typeof body.system !== 'string') {
    const problem = blocksProblem(body.system);
    if (problem) return fail(`system${problem}`);
  }
  if (body.stream !== undefined && typeof body.stream !== 'boolean')
    return fail('stream: Input should be a valid boolean');
  const toolsProblem = toolsAndChoiceProblem(body.tools, body.tool_choice);
  if (toolsProblem) return fail(toolsProblem);
  const formatProblem = outputConfigProblem(body.output_config);
  if (formatProblem) return fail(formatProblem);
  const limitsProblem = structuredOutputProblem(body);
  if (limitsProblem) return fail(limitsProblem);
  const optionsProblem = requestOptionsProblem(body);
  if (optionsProblem) return fail(optionsProblem);
  return { ok: true, body: body as MessagesRequestBody };
}

function messageProblem(message: unknown): string | null {
  if (!isRecord(message)) return ': Input should be an object';
  if (message.role !== 'user' && message.role !== 'assistant')
    return `.role: Input should be 'user' or 'assistant'`;
  if (message.content === undefined) return '.content: Field required';
  if (typeof message.content === 'string') return null;
  return blocksProblem(message.content, '.content');
}

function blocksProblem(blocks: unknown, at = ''): string | null {
  if (!Array.isArray(blocks)) return `${at}: Input should be a string or a list of content blocks`;
  for (const [index, block] of blocks.entries()) {
    if (!isRecord(block) || typeof block.type !== 'string')
      return `${at}.${index}: each content block needs a string "type"`;
    if (block.type === 'text' && typeof block.text !== 'string') return `${at}.${index}.text: Field required`;
    if (block.type === 'document' || block.type === 'image') {
      const problem = documentBlockProblem(block);
      if (problem) return `${at}.${index}${problem}`;
    }
    if (block.type === 'tool_result' && typeof block.content !== 'string' && block.content !== undefined) {
      const problem = blocksProblem(block.content, `${at}.${index}.content`);
      if (problem) return problem;
    }
  }
  return null;
}

function toolsAndChoiceProblem(tools: unknown, choice: unknown): string | null {
  if (tools !== undefined) {
    if (!Array.isArray(tools)) return 'tools: Input should be a valid list';
    for (const [index, tool] of tools.entries()) {
      if (!isRecord(tool) || typeof tool.name !== 'string') return `tools.${index}.name: Field required`;
    }
  }
  if (choice === undefined) return null;
  if (!isRecord(choice) || typeof choice.type !== 'string') return 'tool_choice.type: Field required';
  if (choice.type !== 'tool') return null;
  if (typeof choice.name !== 'string') return 'tool_choice.name: Field required';
  const names = Array.isArray(tools) ? tools.map((tool: { name: string }) => tool.name) : [];
  if (!names.includes(choice.name))
    return `tool_choice: tool '${choice.name}' is not among the request's tools (${names.join(', ') || 'none'})`;
  return null;
}

function outputConfigProblem(config: unknown): string | null {
  if (config === undefined) return null;
  if (!isRecord(config)) return 'output_config: Input should be an object';
  if (config.effort !== undefined && config.effort !== null && !Effort.safeParse(config.effort).success)
    return `output_config.effort: Input should be ${Effort.options.map((level) => `'${level}'`).join(', ')}`;
  const format = config.format;
  if (format === undefined || format === null) return null;
  if (!isRecord(format) || format.type !== 'json_schema')
    return `output_config.format.type: Input should be 'json_schema'`;
  if (!isRecord(format.schema)) return 'output_config.format.schema: Field required';
  return null;
}

const thinkingTypes = ['enabled', 'disabled', 'adaptive', 'between_tools'];

/** Sampling parameters, `thinking`, `diagnostics` and the beta `fallbacks`, where present. */
function requestOptionsProblem(body: Record<string, unknown>): string | null {
  for (const name of ['temperature', 'top_p', 'top_k'] as const) {
    const value = body[name];
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value) || value < 0))
      return `${name}: Input should be a non-negative number`;
  }
  const thinking = body.thinking;
  if (thinking !== undefined && thinking !== null) {
    if (!isRecord(thinking) || typeof thinking.type !== 'string' || !thinkingTypes.includes(thinking.type))
      return `thinking.type: Input should be ${thinkingTypes.map((type) => `'${type}'`).join(', ')}`;
  }
  const diagnostics = body.diagnostics;
  if (diagnostics !== undefined && diagnostics !== null) {
    if (!isRecord(diagnostics)) return 'diagnostics: Input should be an object';
    const previous = diagnostics.previous_message_id;
    if (previous !== undefined && previous !== null && (typeof previous !== 'string' || previous === ''))
      return 'diagnostics.previous_message_id: Input should be a non-empty string or null';
  }
  const fallbacks = body.fallbacks;
  if (fallbacks !== undefined && fallbacks !== null) {
    if (!Array.isArray(fallbacks) || fallbacks.length === 0 || fallbacks.length > 3)
      return 'fallbacks: Input should be a list of 1 to 3 fallback entries';
    for (const [index, entry] of fallbacks.entries()) {
      if (!isRecord(entry) || typeof entry.model !== 'string' || entry.model === '')
        return `fallbacks.${index}.model: Field required`;
    }
  }
  return null;
}
