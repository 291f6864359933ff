import type { MessageResponse, ResponseBlock } from './messages-wire';

const chunkSize = 256;

const event = (type: string, data: unknown): string => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

function chunks(text: string): string[] {
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += chunkSize)
    parts.push(text.slice(start, start + chunkSize));
  return parts;
}

function blockEvents(block: ResponseBlock, index: number): string {
  if (block.type === 'text') {
    return [
      event('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'text', text: '' },
      }),
      ...chunks(block.text).map((text) =>
        event('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'text_delta', text },
        }),
      ),
      event('content_block_stop', { type: 'content_block_stop', index }),
    ].join('');
  }
  return [
    event('content_block_start', {
      type: 'content_block_start',
      index,
      content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
    }),
    ...chunks(JSON.stringify(block.input ?? null)).map((partial_json) =>
      event('content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json },
      }),
    ),
    event('content_block_stop', { type: 'content_block_stop', index }),
  ].join('');
}

/**
 * The server-sent events that stream `message` the way the API does: `message_start` (empty
 * content, input usage), a `ping`, each block as `content_block_start` / deltas
 * (`text_delta`, `input_json_delta`) / `content_block_stop`, then `message_delta` (stop reason
 * and usage) and `message_stop`.
 */
export function messageEvents(message: MessageResponse): string {
  const { content, stop_reason, stop_sequence, stop_details, usage } = message;
  return [
    event('message_start', {
      type: 'message_start',
      message: {
        ...message,
        content: [],
        stop_reason: null,
        stop_details: null,
        usage: { ...usage, output_tokens: 0 },
      },
    }),
    event('ping', { type: 'ping' }),
    ...content.map(blockEvents),
    event('message_delta', {
      type: 'message_delta',
      delta: { stop_reason, stop_sequence, stop_details },
      usage,
    }),
    event('message_stop', { type: 'message_stop' }),
  ].join('');
}
