import type { MessageResponse, RefusalStopDetails, ResponseBlock } from './messages-wire';
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
 * forced tool, else a text block), output tokens are estimated from the content's length
 * (`max_tokens` when truncated, as a cut-off model spends them all).
 */
export function buildMessage(options: {
  readonly reply: ContentReply;
  readonly strategy: RequestStrategy;
  readonly model: string;
  readonly maxTokens: number;
  readonly inputUsage: InputUsage;
  readonly nextId: (prefix: 'msg' | 'toolu') => string;
}): MessageResponse {
  const { reply, strategy, nextId } = options;
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
      stopDetails = { type: 'refusal', category: null, explanation: reply.text ?? null };
      break;
    case 'empty':
      break;
  }
  const characters = content.reduce(
    (sum, block) =>
      sum + (block.type === 'text' ? block.text.length : JSON.stringify(block.input ?? null).length),
    0,
  );
  return {
    id: nextId('msg'),
    type: 'message',
    role: 'assistant',
    model: options.model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    stop_details: stopDetails,
    usage: {
      ...options.inputUsage,
      output_tokens: stopReason === 'max_tokens' ? options.maxTokens : estimateTokens(characters),
    },
  };
}
