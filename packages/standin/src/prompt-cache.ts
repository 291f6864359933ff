import { createHash } from 'node:crypto';
import type { RequestSegment } from './request-segments';

/**
 * About four characters a token, times the model's tokenizer factor (1.3: the newer tokenizer
 * counts the same text as about 30 % more tokens), rounded up.
 */
export const estimateTokens = (characters: number, tokenizerFactor = 1): number =>
  Math.ceil((characters / 4) * tokenizerFactor);

/** Input token counts of one request, split the way the API bills them. */
export interface InputUsage {
  readonly input_tokens: number;
  readonly cache_creation_input_tokens: number;
  readonly cache_read_input_tokens: number;
  /** The cache writes by TTL; the two add up to `cache_creation_input_tokens`. */
  readonly cache_creation: {
    readonly ephemeral_5m_input_tokens: number;
    readonly ephemeral_1h_input_tokens: number;
  };
}

const noWrites = { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 } as const;

/**
 * In-memory prompt cache keyed by model and a hash of the cached prefix: the segments up to and
 * including the last one carrying `cache_control`. The first sight of a prefix writes it
 * (`cache_creation_input_tokens`), later sights read it (`cache_read_input_tokens`); the rest of
 * the input is `input_tokens`. A write is split by TTL in `cache_creation`: the prefix up to the
 * last breakpoint asking for `ttl: "1h"` is a 1-hour write, the rest a 5-minute one. Bounded: the
 * least recently used entry goes when full. There is no minimum cacheable length and no expiry.
 * Caches are per model, as the API's are.
 */
export class PromptCache {
  readonly #entries = new Map<string, true>();
  readonly #maxEntries: number;
  #writes = 0;
  #reads = 0;

  constructor(options: { readonly maxEntries: number }) {
    this.#maxEntries = Math.max(1, options.maxEntries);
  }

  /** Counts the request's input tokens (with the model's tokenizer factor) and records its prefix as seen. */
  usage(model: string, segments: readonly RequestSegment[], tokenizerFactor = 1): InputUsage {
    let lastBreakpoint = -1;
    let totalCharacters = 0;
    for (const [index, segment] of segments.entries()) {
      totalCharacters += segment.characters ?? segment.text.length;
      if (segment.cacheControl) lastBreakpoint = index;
    }
    const total = estimateTokens(totalCharacters, tokenizerFactor);
    if (lastBreakpoint < 0)
      return {
        input_tokens: total,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        cache_creation: noWrites,
      };
    const hash = createHash('sha1');
    let prefixCharacters = 0;
    let oneHourCharacters = 0;
    for (const segment of segments.slice(0, lastBreakpoint + 1)) {
      prefixCharacters += segment.characters ?? segment.text.length;
      if (segment.oneHour) oneHourCharacters = prefixCharacters;
      hash.update(`${segment.tag}\u0000${segment.text.length}\u0000`).update(segment.text);
    }
    const prefix = estimateTokens(prefixCharacters, tokenizerFactor);
    const key = `${model}\u0000${hash.digest('base64')}`;
    const seen = this.#entries.delete(key);
    this.#entries.set(key, true);
    if (!seen && this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    if (seen) this.#reads++;
    else this.#writes++;
    const oneHour = Math.min(prefix, estimateTokens(oneHourCharacters, tokenizerFactor));
    return {
      input_tokens: total - prefix,
      cache_creation_input_tokens: seen ? 0 : prefix,
      cache_read_input_tokens: seen ? prefix : 0,
      cache_creation: seen
        ? noWrites
        : { ephemeral_5m_input_tokens: prefix - oneHour, ephemeral_1h_input_tokens: oneHour },
    };
  }

  get stats(): { writes: number; reads: number; entries: number } {
    return { writes: this.#writes, reads: this.#reads, entries: this.#entries.size };
  }
}
