import type { z } from 'zod';
import type { WireRefusalCategory } from './messages-wire';
import type { FaultOptions } from './standin-options';
import type { StandinReply } from './standin-reply';

export type FaultKind =
  | 'rateLimit'
  | 'overloaded'
  | 'serverError'
  | 'reset'
  | 'truncate'
  | 'refusal'
  | 'echoRequest'
  | 'echoKey'
  | 'toolUse'
  | 'stall';
export const faultKinds: readonly FaultKind[] = [
  'rateLimit',
  'overloaded',
  'serverError',
  'reset',
  'truncate',
  'refusal',
  'echoRequest',
  'echoKey',
  'toolUse',
  'stall',
];

/** The faults that change the answer rather than replace it. */
export type SpoilingFault = Extract<FaultKind, 'truncate' | 'refusal' | 'toolUse'>;

export const isSpoilingFault = (kind: FaultKind | null): kind is SpoilingFault =>
  kind === 'truncate' || kind === 'refusal' || kind === 'toolUse';

/** Name of the tool the `toolUse` fault answers with (offered by no request). */
export const strayToolName = 'json_answer';

/** The fault a draw in [0, 1) lands on: the rates are laid end to end from 0, the rest is no fault. */
export function pickFault(draw: number, faults: z.output<typeof FaultOptions>): FaultKind | null {
  let threshold = 0;
  for (const kind of faultKinds) {
    threshold += faults[kind];
    if (draw < threshold) return kind;
  }
  return null;
}

/** The reply of a fault that replaces the answer, or null when the fault changes the answer instead. */
export function faultReply(kind: FaultKind, faults: z.output<typeof FaultOptions>): StandinReply | null {
  switch (kind) {
    case 'rateLimit':
      return {
        kind: 'error',
        status: 429,
        message: 'Number of request tokens has exceeded your per-minute rate limit (injected fault)',
        ...(faults.retryAfter === undefined
          ? { retryAfterSeconds: faults.retryAfterSeconds }
          : { retryAfter: faults.retryAfter }),
      };
    case 'overloaded':
      return { kind: 'error', status: 529, message: 'Overloaded (injected fault)' };
    case 'serverError':
      return { kind: 'error', status: 500, message: 'Internal server error (injected fault)' };
    case 'reset':
      return { kind: 'reset' };
    case 'echoRequest':
      return {
        kind: 'error',
        status: 500,
        message: 'Internal server error (injected fault)',
        echo: 'request',
      };
    case 'echoKey':
      return { kind: 'error', status: 401, echo: 'apiKey' };
    case 'stall':
      return { kind: 'stall' };
    case 'truncate':
    case 'refusal':
    case 'toolUse':
      return null;
  }
}

/**
 * The answer changed by a `truncate`, `refusal` or `toolUse` fault (the answer comes as a `tool_use`
 * block named {@link strayToolName}, whatever the request asked for); errors and resets pass
 * unchanged. A refusal names `refusalCategory`, and a request naming fallbacks gets the unspoilt
 * answer from its first fallback model.
 */
export function spoilReply(
  kind: SpoilingFault,
  reply: StandinReply,
  refusalCategory: WireRefusalCategory | null = null,
): StandinReply {
  switch (reply.kind) {
    case 'delay':
      return { ...reply, reply: spoilReply(kind, reply.reply, refusalCategory) };
    case 'error':
    case 'reset':
    case 'stall':
      return reply;
    default:
      break;
  }
  if (kind === 'refusal')
    return {
      kind: 'refusal',
      text: 'I cannot help with this request.',
      category: refusalCategory,
      fallback: reply,
    };
  if (kind === 'toolUse') return { kind: 'tool', name: strayToolName, input: replyValue(reply) };
  const text = replyText(reply);
  return text === null ? reply : { kind: 'truncated', text: text.slice(0, Math.ceil(text.length / 2)) };
}

function replyValue(reply: StandinReply): unknown {
  switch (reply.kind) {
    case 'json':
      return reply.value;
    case 'tool':
      return reply.input;
    case 'text':
    case 'truncated':
      return { text: reply.text };
    default:
      return {};
  }
}

function replyText(reply: StandinReply): string | null {
  switch (reply.kind) {
    case 'json':
      return JSON.stringify(reply.value);
    case 'tool':
      return JSON.stringify(reply.input);
    case 'text':
    case 'truncated':
      return reply.text;
    default:
      return null;
  }
}
