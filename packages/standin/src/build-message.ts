import type {
  MessageResponse,
  RefusalStopDetails,
  ResponseBlock,
  ResponseDiagnostics,
} from './messages-wire';
import type { ModelContext } from './model-context';
import { estimateTokens, type InputUsage } from './prompt-cache';
import type { RequestStrategy } from './request-strategy';
import type { StandinReply } from './standin-reply';

/** The replies that become a `message`. */
export type ContentReply = Extract<
  StandinReply,
  { readonly kind: 'json' | 'text' | 'tool' | 'truncated' | 'refusal' | 'empty' }
>;

/**
 * The `message` answering a request: `json` follows the request's strategy (a `tool_use` of the
 * forced tool, else a text block), a model that thinks starts with a thinking block (never a
 * refusal), output tokens are estimated from the content's length with the model's tokenizer
 * factor plus the thinking tokens (`max_tokens` when truncated, as a cut-off model spends them
 * all), and the thinking tokens are itemised in `output_tokens_details`.
 */
export function buildMessage(options: {
  readonly reply: ContentReply;
  readonly strategy: RequestStrategy;
  readonly context: ModelContext;
  readonly maxTokens: number;
  readonly inputUsage: InputUsage;
  /** Thinking tokens the model spends when it thinks (at most half of `maxTokens`). */
  readonly thinkingTokens: number;
  readonly diagnostics: ResponseDiagnostics | null;
  readonly nextId: (prefix: 'msg' | 'toolu') => string;
}): MessageResponse {
  const { reply, strategy, context, nextId } = options;
  let content: ResponseBlock[] = [];
  let stopReason: MessageResponse['stop_reason'] = 'end_turn';
  let stopDetails: RefusalStopDetails | null = null;
  switch (reply.kind) {
    case 'json':
      if (strategy.kind === 'tool') {
        content = [{ type: 'tool_use', id: nextId('toolu'), name: strategy.toolName, input: reply.value }];
        stopReason = 'tool_use';
      } else content = [{ type: 'text', text: JSON.stringify(reply.value) }];
      break;
    case 'text':
      content = [{ type: 'text', text: reply.text }];
      break;
    case 'tool':
      content = [{ type: 'tool_use', id: nextId('toolu'), name: reply.name, input: reply.input }];
      stopReason = 'tool_use';
      break;
    case 'truncated':
      content = [{ type: 'text', text: reply.text }];
      stopReason = 'max_tokens';
      break;
    case 'refusal':
      content = reply.text === undefined ? [] : [{ type: 'text', text: reply.text }];
      stopReason = 'refusal';
      stopDetails = {
        type: 'refusal',
        category: reply.category ?? null,
        explanation: reply.explanation ?? reply.text ?? null,
      };
      break;
    case 'empty':
      break;
  }
  const characters = content.reduce(
    (sum, block) =>
      sum +
      (block.type === 'text'
        ? block.text.length
        : block.type === 'tool_use'
          ? JSON.stringify(block.input ?? null).length
          : 0),
    0,
  );
  const thinks = context.thinks && stopReason !== 'refusal';
  const thinking = thinks ? Math.min(options.thinkingTokens, Math.floor(options.maxTokens / 2)) : 0;
  if (thinks) content = [thinkingBlock(context), ...content];
  return {
    id: nextId('msg'),
    type: 'message',
    role: 'assistant',
    model: context.model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    stop_details: stopDetails,
    diagnostics: options.diagnostics,
    usage: {
      ...options.inputUsage,
      output_tokens:
        stopReason === 'max_tokens'
          ? options.maxTokens
          : estimateTokens(characters, context.tokenizerFactor) + thinking,
      output_tokens_details: thinks ? { thinking_tokens: thinking } : null,
    },
  };
}

/** A short summary of the model's thinking, as the API returns it (the tokens spent are counted apart). */
function thinkingBlock(context: ModelContext): ResponseBlock {
  return {
    type: 'thinking',
    thinking: `Reading the document and checking each field against it (${context.effort} effort).`,
    signature: `standin-signature-${context.effort}`,
  };
}
