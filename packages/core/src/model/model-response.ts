import type { Lane, LanePromotion } from '../lane/lane';
import type { RateLimitReading } from '../pacing/rate-limit-reading';
import type { CacheMissReason } from './cache-miss-reason';
import type { RefusalCategory } from './refusal-category';
import type { Usage } from './usage';

/**
 * A block of a reply. `thinking` blocks come before the answer and carry no part of it: readers of
 * the answer skip them.
 */
export type ResponsePart =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'thinking'; readonly text: string }
  | { readonly type: 'tool_call'; readonly id: string; readonly name: string; readonly input: unknown };

/** Why the model stopped; provider values pass through unchanged. */
export type StopReason = 'end_turn' | 'max_tokens' | 'tool_use' | 'refusal' | 'stop_sequence' | (string & {});

/** What a model call returned. */
export interface ModelResponse {
  readonly content: readonly ResponsePart[];
  readonly stopReason: StopReason | null;
  readonly usage: Usage;
  /** Provider request id, for support tickets and log correlation. */
  readonly requestId: string | null;
  /** The model that answered. */
  readonly model: string;
  /** The provider's message id, named by the next attempt's cache diagnostics. */
  readonly messageId?: string | null;
  /** The category a refusal named (`stop_details.category`); null when none or not a refusal. */
  readonly refusalCategory?: RefusalCategory | null;
  /** Why the prompt cache missed the previous request's prefix; null when it did not or nobody asked. */
  readonly cacheMissReason?: CacheMissReason | null;
  /** The model asked for, when a server-side fallback model answered instead (then `model` names it). */
  readonly fallbackFrom?: string | null;
  /**
   * Usage per model when several models served the call (a refusal followed by a server-side
   * fallback), each priced at its own model; `usage` is their sum.
   */
  readonly usageByModel?: readonly { readonly model: string; readonly usage: Usage }[];
  /** The lane that served the call, which sets its price. Default `realtime`. */
  readonly lane?: Lane;
  /** The Message Batches batch that answered, when the batch lane served the call (for tracing and logs). */
  readonly batchId?: string;
  /** Set when a batch-lane attempt was sent in the realtime lane instead, and why. */
  readonly lanePromotion?: LanePromotion | null;
  /** The response's rate-limit headers, read and clamped; absent when the provider sent none. */
  readonly rateLimit?: RateLimitReading | null;
}
