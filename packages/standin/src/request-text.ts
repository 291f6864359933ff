import type { MessagesRequestBody, RequestBlock, RequestMessage } from './messages-wire';

/**
 * The parts of a request the simulated model reads:
 * - `document`: the first text block of the first user message (where the document is);
 * - `lessons`: the rest of the first user message (what the caller adds after the document);
 * - `feedback`: every later user message (text blocks and `tool_result` contents), never the
 *   replayed assistant turns.
 */
export interface RequestText {
  readonly document: string;
  readonly lessons: string;
  readonly feedback: string;
}

export function requestText(body: MessagesRequestBody): RequestText {
  const firstUser = body.messages.findIndex((message) => message.role === 'user');
  const first = body.messages[firstUser];
  if (!first) return { document: '', lessons: '', feedback: '' };
  const later = body.messages.slice(firstUser + 1).filter((message) => message.role === 'user');
  return { ...splitFirstMessage(first), feedback: later.map(messageText).join('\n') };
}

/** The first text block of the first user message, or `''`. */
export function documentText(body: MessagesRequestBody): string {
  const first = body.messages.find((message) => message.role === 'user');
  return first ? splitFirstMessage(first).document : '';
}

function splitFirstMessage(message: RequestMessage): { document: string; lessons: string } {
  if (typeof message.content === 'string') return { document: message.content, lessons: '' };
  const documentIndex = message.content.findIndex((block) => block.type === 'text');
  const document = message.content[documentIndex]?.text ?? '';
  const rest = message.content.filter((_, index) => index !== documentIndex);
  return { document, lessons: blocksText(rest) };
}

const messageText = (message: RequestMessage): string =>
  typeof message.content === 'string' ? message.content : blocksText(message.content);

function blocksText(blocks: readonly RequestBlock[]): string {
  const parts: string[] = [];
  for (const block of blocks) {
    if (block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
    else if (block.type === 'tool_result' && block.content !== undefined)
      parts.push(typeof block.content === 'string' ? block.content : blocksText(block.content));
  }
  return parts.join('\n');
}
