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
 * In-memory prompt cache keyed by model and a hash of each cached prefix: the segments up to and
 * including one carrying `cache_control` (up to four per request, as the API allows). Each
 * breakpoint's prefix is an entry; the longest prefix already seen is read
 * (`cache_read_input_tokens`), the rest up to the last breakpoint is written
 * (`cache_creation_input_tokens`) and every breakpoint's prefix is then recorded as seen; the input
 * after the last breakpoint is `input_tokens`. With `minCacheableTokens`, a breakpoint whose prefix
 * is shorter is ignored, as the API silently does. A write is split by TTL in `cache_creation`: the
 * prefix up to the last breakpoint asking for `ttl: "1h"` is a 1-hour write, the rest a 5-minute
 * one. Bounded: the least recently used entry goes when full. No expiry. Caches are per model, as
 * the API's are.
 */
export class PromptCache {
  readonly #entries = new Map<string, true>();
  readonly #maxEntries: number;
  #writes = 0;
  #reads = 0;

  constructor(options: { readonly maxEntries: number }) {
    this.#maxEntries = Math.max(1, options.maxEntries);
  }

  /**
   * Counts the request's input tokens (with the model's tokenizer factor) and records its prefixes
   * as seen; breakpoints before fewer than `minCacheableTokens` tokens (default 0) cache nothing.
   */
  usage(
    model: string,
    segments: readonly RequestSegment[],
    tokenizerFactor = 1,
    minCacheableTokens = 0,
  ): InputUsage {
    const hash = createHash('sha1');
    let characters = 0;
    let oneHourCharacters = 0;
    const prefixes: { key: string; tokens: number }[] = [];
    for (const segment of segments) {
      characters += segment.characters ?? segment.text.length;
      hash.update(`${segment.tag}\u0000${segment.text.length}\u0000`).update(segment.text);
      if (!segment.cacheControl) continue;
      const tokens = estimateTokens(characters, tokenizerFactor);
      if (tokens < minCacheableTokens) continue;
      if (segment.oneHour) oneHourCharacters = characters;
      prefixes.push({ key: `${model}\u0000${hash.copy().digest('base64')}`, tokens });
    }
    const total = estimateTokens(characters, tokenizerFactor);
    const last = prefixes.at(-1);
    if (!last)
      return {
        input_tokens: total,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        cache_creation: noWrites,
      };
    let read = 0;
    for (const prefix of prefixes) {
      if (this.#entries.has(prefix.key)) read = Math.max(read, prefix.tokens);
      this.#touch(prefix.key);
    }
    const written = last.tokens - read;
    if (written > 0) this.#writes++;
    if (read > 0) this.#reads++;
    const oneHour = Math.max(
      0,
      Math.min(last.tokens, estimateTokens(oneHourCharacters, tokenizerFactor)) - read,
    );
    return {
      input_tokens: total - last.tokens,
      cache_creation_input_tokens: written,
      cache_read_input_tokens: read,
      cache_creation:
        written > 0
          ? { ephemeral_5m_input_tokens: written - oneHour, ephemeral_1h_input_tokens: oneHour }
          : noWrites,
    };
  }

  #touch(key: string): void {
    const seen = this.#entries.delete(key);
    this.#entries.set(key, true);
    if (!seen && this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  get stats(): { writes: number; reads: number; entries: number } {
    return { writes: this.#writes, reads: this.#reads, entries: this.#entries.size };
  }
}
