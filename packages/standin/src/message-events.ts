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
  const start = (content_block: unknown) =>
    event('content_block_start', { type: 'content_block_start', index, content_block });
  const delta = (delta: unknown) =>
    event('content_block_delta', { type: 'content_block_delta', index, delta });
  const stop = event('content_block_stop', { type: 'content_block_stop', index });
  switch (block.type) {
    case 'text':
      return [
        start({ type: 'text', text: '' }),
        ...chunks(block.text).map((text) => delta({ type: 'text_delta', text })),
        stop,
      ].join('');
    case 'thinking':
      return [
        start({ type: 'thinking', thinking: '', signature: '' }),
        ...chunks(block.thinking).map((thinking) => delta({ type: 'thinking_delta', thinking })),
        delta({ type: 'signature_delta', signature: block.signature }),
        stop,
      ].join('');
    case 'tool_use':
      return [
        start({ type: 'tool_use', id: block.id, name: block.name, input: {} }),
        ...chunks(JSON.stringify(block.input ?? null)).map((partial_json) =>
          delta({ type: 'input_json_delta', partial_json }),
        ),
        stop,
      ].join('');
    case 'fallback':
      return [start(block), stop].join('');
  }
}

/**
 * The server-sent events that stream `message` the way the API does: `message_start` (empty
 * content, input usage; the model asked for when a fallback served, as the `fallback` block
 * relabels it), a `ping`, each block as `content_block_start` / deltas (`text_delta`,
 * `thinking_delta` and `signature_delta`, `input_json_delta`) / `content_block_stop`, then
 * `message_delta` (stop reason and usage) and `message_stop`.
 */
export function messageEvents(message: MessageResponse): string {
  const { content, stop_reason, stop_sequence, stop_details, usage } = message;
  return [
    event('message_start', {
      type: 'message_start',
      message: {
        ...message,
        model: content[0]?.type === 'fallback' ? content[0].from.model : message.model,
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
