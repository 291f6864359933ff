import { readingOf } from './block-readings';
import type { MessagesRequestBody, RequestBlock } from './messages-wire';
import type { RequestStrategy } from './request-strategy';

/** One piece of a request's input in cache order, with whether it carries `cache_control`. */
export interface RequestSegment {
  /** What kind of piece this is (`tool`, `schema`, `system`, `user`, …), so equal text in different places hashes apart. */
  readonly tag: string;
  readonly text: string;
  readonly cacheControl: boolean;
  /** True when its `cache_control` asks for the 1-hour TTL (`ttl: "1h"`). */
  readonly oneHour: boolean;
  /** The size counted for tokens when not `text.length` (documents and images: their token estimate × 4). */
  readonly characters?: number;
}

/**
 * The request's input in the API's cache order: tools, the structured-output schema, system,
 * then every message block. Token counts and the cached prefix are computed over these.
 */
export function requestSegments(body: MessagesRequestBody, strategy: RequestStrategy): RequestSegment[] {
  const segments: RequestSegment[] = [];
  for (const tool of body.tools ?? []) {
    const { cache_control, ...definition } = tool;
    segments.push({
      tag: 'tool',
      text: JSON.stringify(definition),
      cacheControl: hasCacheControl(cache_control),
      oneHour: isOneHour(cache_control),
    });
  }
  if (strategy.kind === 'structured')
    segments.push({
      tag: 'schema',
      text: JSON.stringify(strategy.schema),
      cacheControl: false,
      oneHour: false,
    });
  if (typeof body.system === 'string')
    segments.push({ tag: 'system', text: body.system, cacheControl: false, oneHour: false });
  else for (const block of body.system ?? []) segments.push(blockSegment('system', block));
  for (const message of body.messages) {
    if (typeof message.content === 'string')
      segments.push({ tag: message.role, text: message.content, cacheControl: false, oneHour: false });
    else for (const block of message.content) segments.push(blockSegment(message.role, block));
  }
  return segments;
}

function blockSegment(tag: string, block: RequestBlock): RequestSegment {
  const reading = readingOf(block);
  if (reading)
    return {
      tag: `${tag}:${block.type}`,
      text: `${reading.kind}:${reading.fingerprint}`,
      characters: reading.tokens * 4,
      cacheControl: hasCacheControl(block.cache_control),
      oneHour: isOneHour(block.cache_control),
    };
  return {
    tag: `${tag}:${block.type}`,
    text: blockText(block),
    cacheControl: hasCacheControl(block.cache_control),
    oneHour: isOneHour(block.cache_control),
  };
}

function blockText(block: RequestBlock): string {
  switch (block.type) {
    case 'text':
      return block.text ?? '';
    case 'tool_use':
      return `${block.name ?? ''}${JSON.stringify(block.input ?? null)}`;
    case 'tool_result':
      if (typeof block.content === 'string') return block.content;
      return (block.content ?? []).map(blockText).join('\n');
    default: {
      const { cache_control, ...rest } = block;
      return JSON.stringify(rest);
    }
  }
}

const hasCacheControl = (value: unknown): boolean => value !== undefined && value !== null;

const isOneHour = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as { ttl?: unknown }).ttl === '1h';
