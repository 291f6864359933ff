import { readingOf } from './block-readings';
import type { MessagesRequestBody, RequestBlock, RequestMessage } from './messages-wire';

/**
 * The parts of a request the simulated model reads:
 * - `document`: the first `document` or `image` block of the first user message (the text it
 *   reads there: a PDF's text layer, a plain-text document), else its first text block;
 * - `unreadable`: true when that block has no text to read (an image, a PDF without a text layer);
 * - `lessons`: the rest of the first user message (what the caller adds after the document);
 * - `feedback`: every later user message (text blocks and `tool_result` contents), never the
 *   replayed assistant turns.
 */
export interface RequestText {
  readonly document: string;
  readonly unreadable: boolean;
  /** The sha-256 of the document block's content (a PDF's or image's bytes, a text document's text); null for a text block. */
  readonly fingerprint: string | null;
  readonly lessons: string;
  readonly feedback: string;
}

export function requestText(body: MessagesRequestBody): RequestText {
  const firstUser = body.messages.findIndex((message) => message.role === 'user');
  const first = body.messages[firstUser];
  if (!first) return { document: '', unreadable: false, fingerprint: null, lessons: '', feedback: '' };
  const later = body.messages.slice(firstUser + 1).filter((message) => message.role === 'user');
  return { ...splitFirstMessage(first), feedback: later.map(messageText).join('\n') };
}

/** The first text block of the first user message, or `''`. */
export function documentText(body: MessagesRequestBody): string {
  const first = body.messages.find((message) => message.role === 'user');
  return first ? splitFirstMessage(first).document : '';
}

function splitFirstMessage(message: RequestMessage): {
  document: string;
  unreadable: boolean;
  fingerprint: string | null;
  lessons: string;
} {
  if (typeof message.content === 'string')
    return { document: message.content, unreadable: false, fingerprint: null, lessons: '' };
  const read = message.content.findIndex((block) => readingOf(block) !== undefined);
  const documentIndex = read >= 0 ? read : message.content.findIndex((block) => block.type === 'text');
  const block = message.content[documentIndex];
  const reading = block ? readingOf(block) : undefined;
  // Unreadable content is named by its fingerprint, so each image keeps its own document key.
  const document = (reading ? (reading.text ?? `${reading.kind}:${reading.fingerprint}`) : block?.text) ?? '';
  const rest = message.content.filter((_, index) => index !== documentIndex);
  return {
    document,
    unreadable: reading !== undefined && reading.text === null,
    fingerprint: reading?.fingerprint ?? null,
    lessons: blocksText(rest),
  };
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
