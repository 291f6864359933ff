import { createHash } from 'node:crypto';
import type { MessagesRequestBody, ResponseDiagnostics } from './messages-wire';

/** What cache diagnostics compare between two requests: hashes only, never the text. */
interface Fingerprint {
  readonly model: string;
  readonly system: string;
  readonly tools: string;
  readonly messages: readonly string[];
  /** Other prompt-affecting parameters: `thinking`, `tool_choice`. */
  readonly other: string;
  /** Tokens of the request's cached prefix, reported as missed when the next request diverges. */
  readonly prefixTokens: number;
}

/** A hash of `value` without its `cache_control` markers: where breakpoints sit is no change of the prompt. */
const hash = (value: unknown): string =>
  createHash('sha1')
    .update(JSON.stringify(value, (key, inner) => (key === 'cache_control' ? undefined : inner)) ?? '')
    .digest('base64');

/** The fingerprint of `body`, whose cached prefix counted `prefixTokens`. */
export function fingerprintOf(body: MessagesRequestBody, prefixTokens: number): Fingerprint {
  return {
    model: body.model,
    system: hash(body.system ?? null),
    tools: hash(body.tools ?? null),
    messages: body.messages.map(hash),
    other: hash([body.thinking ?? null, body.tool_choice ?? null]),
    prefixTokens,
  };
}

/**
 * Cache diagnostics the way the API gives them (platform page "Cache diagnostics", checked
 * 2026-11-24): a request that opts in (`diagnostics`) leaves its fingerprint under its response id;
 * one naming a previous id is compared with it and told the first divergence: `model_changed`,
 * `system_changed`, `tools_changed`, `messages_changed` (an earlier message differs rather than
 * new ones being appended), `unavailable` (only other prompt-affecting parameters differ), or
 * `previous_message_not_found`. Nothing diverged: null. Bounded, least recently used go first.
 */
export class RequestFingerprints {
  readonly #entries = new Map<string, Fingerprint>();
  readonly #maxEntries: number;

  constructor(options: { readonly maxEntries: number }) {
    this.#maxEntries = Math.max(1, options.maxEntries);
  }

  /** The diagnostics of a request comparing `current` with the request that got `previousId`. */
  diagnose(current: Fingerprint, previousId: string | null): ResponseDiagnostics | null {
    if (previousId === null) return null;
    const previous = this.#entries.get(previousId);
    if (!previous) return { cache_miss_reason: { type: 'previous_message_not_found' } };
    const missed = previous.prefixTokens;
    if (previous.model !== current.model)
      return { cache_miss_reason: { type: 'model_changed', cache_missed_input_tokens: missed } };
    if (previous.system !== current.system)
      return { cache_miss_reason: { type: 'system_changed', cache_missed_input_tokens: missed } };
    if (previous.tools !== current.tools)
      return { cache_miss_reason: { type: 'tools_changed', cache_missed_input_tokens: missed } };
    const appended =
      previous.messages.length <= current.messages.length &&
      previous.messages.every((message, index) => message === current.messages[index]);
    if (!appended)
      return { cache_miss_reason: { type: 'messages_changed', cache_missed_input_tokens: missed } };
    if (previous.other !== current.other) return { cache_miss_reason: { type: 'unavailable' } };
    return null;
  }

  /** Keeps the fingerprint of the request answered by message `id`. */
  remember(id: string, fingerprint: Fingerprint): void {
    this.#entries.delete(id);
    this.#entries.set(id, fingerprint);
    if (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }
}
