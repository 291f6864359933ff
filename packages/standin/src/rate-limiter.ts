import { rateLimitClassOf } from '@quarry/core';
import type { RateLimitOptions } from './rate-limit-options';

type Units = readonly [requests: number, inputTokens: number, outputTokens: number];

/** What a request asks of the buckets, and what it turned out to use. */
export interface RateLimitTicket {
  readonly bucket: string;
  readonly charged: Units;
}

/** The verdict on one request, with the headers every answer to it carries. */
export type RateLimitVerdict =
  | { readonly ok: true; readonly ticket: RateLimitTicket }
  | { readonly ok: false; readonly retryAfterSeconds: number; readonly headers: Record<string, string> };

const families = ['requests', 'input-tokens', 'output-tokens'] as const;
const minuteMs = 60_000;

/**
 * The API's rate limiting, per API key and model class (see {@link RateLimitOptions}). The API
 * counts a request's exact uncached input at arrival; the stand-in learns its cache hit only when
 * it answers, so it counts the whole input at arrival and gives the cache reads back with the answer.
 */
export class RateLimiter {
  readonly #caps: Units;
  readonly #buckets = new Map<string, { levels: number[]; at: number }>();
  readonly #now: () => number;

  constructor(options: { readonly limits: RateLimitOptions; readonly now?: () => number }) {
    const { limits } = options;
    this.#caps = [
      limits.requestsPerMinute ?? 0,
      limits.inputTokensPerMinute ?? 0,
      limits.outputTokensPerMinute ?? 0,
    ];
    this.#now = options.now ?? Date.now;
  }

  /** Admits a request (taking its units) or refuses it, saying how long to wait. */
  admit(request: {
    readonly apiKey: string;
    readonly model: string;
    readonly inputTokens: number;
    readonly maxTokens: number;
  }): RateLimitVerdict {
    const bucket = `${request.apiKey}\u0000${rateLimitClassOf(request.model)}`;
    const levels = this.#refilled(bucket);
    const asked: Units = [1, request.inputTokens, request.maxTokens];
    let waitMs = 0;
    this.#caps.forEach((cap, index) => {
      if (cap === 0) return;
      const need = Math.min(asked[index] ?? 0, cap);
      const short = need - (levels[index] ?? 0);
      if (short > 0) waitMs = Math.max(waitMs, (short * minuteMs) / cap);
    });
    if (waitMs > 0) {
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
        headers: this.headers(bucket),
      };
    }
    this.#take(bucket, asked);
    return { ok: true, ticket: { bucket, charged: asked } };
  }

  /** Settles an answered request with what it used: cache reads and unused output come back. */
  settle(
    ticket: RateLimitTicket,
    used: { readonly inputTokens: number; readonly outputTokens: number },
  ): void {
    this.#take(ticket.bucket, [
      0,
      used.inputTokens - ticket.charged[1],
      used.outputTokens - ticket.charged[2],
    ]);
  }

  /** The `anthropic-ratelimit-*` headers of a bucket now (token counts rounded to the thousand, as the API does). */
  headers(bucket: string): Record<string, string> {
    const levels = this.#refilled(bucket);
    const now = this.#now();
    const headers: Record<string, string> = {};
    this.#caps.forEach((cap, index) => {
      if (cap === 0) return;
      const level = Math.max(0, levels[index] ?? 0);
      const family = `anthropic-ratelimit-${families[index]}`;
      const remaining = index === 0 ? Math.floor(level) : Math.round(level / 1000) * 1000;
      // RFC 3339 to the second, rounded up: the bucket is full by then.
      const fullAt = Math.ceil((now + ((cap - (levels[index] ?? 0)) * minuteMs) / cap) / 1000) * 1000;
      headers[`${family}-limit`] = String(cap);
      headers[`${family}-remaining`] = String(Math.min(cap, remaining));
      headers[`${family}-reset`] = new Date(fullAt).toISOString().replace(/\.\d{3}Z$/, 'Z');
    });
    return headers;
  }

  #refilled(bucket: string): number[] {
    const now = this.#now();
    const state = this.#buckets.get(bucket) ?? { levels: [...this.#caps], at: now };
    state.levels = state.levels.map((level, index) => {
      const cap = this.#caps[index] ?? 0;
      return Math.min(cap, level + (Math.max(0, now - state.at) * cap) / minuteMs);
    });
    state.at = now;
    this.#buckets.set(bucket, state);
    return state.levels;
  }

  #take(bucket: string, units: Units): void {
    const levels = this.#refilled(bucket);
    units.forEach((unit, index) => {
      levels[index] = Math.min(this.#caps[index] ?? 0, (levels[index] ?? 0) - unit);
    });
  }
}
