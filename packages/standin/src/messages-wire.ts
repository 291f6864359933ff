import type { Effort } from '@quarry/core';

/**
 * The subset of the Messages API wire format the stand-in reads and writes. Request types are
 * loose on purpose (unknown fields pass through); `validateMessagesRequest` checks what is read.
 */

/** A content block of a request message (`text`, `tool_use`, `tool_result`, or anything else). */
export interface RequestBlock {
  readonly type: string;
  readonly text?: string;
  readonly id?: string;
  readonly name?: string;
  readonly input?: unknown;
  readonly tool_use_id?: string;
  readonly content?: string | readonly RequestBlock[];
  readonly is_error?: boolean;
  readonly cache_control?: unknown;
  readonly [key: string]: unknown;
}

export interface RequestMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string | readonly RequestBlock[];
}

export interface RequestTool {
  readonly name: string;
  readonly description?: string;
  readonly input_schema?: Readonly<Record<string, unknown>>;
  readonly cache_control?: unknown;
  readonly [key: string]: unknown;
}

/** A `POST /v1/messages` body that passed validation. */
export interface MessagesRequestBody {
  readonly model: string;
  readonly max_tokens: number;
  readonly messages: readonly RequestMessage[];
  readonly system?: string | readonly RequestBlock[];
  readonly tools?: readonly RequestTool[];
  readonly tool_choice?: { readonly type: string; readonly name?: string };
  readonly output_config?: {
    readonly format?: { readonly type: string; readonly schema?: Readonly<Record<string, unknown>> } | null;
    readonly effort?: Effort | null;
  };
  readonly thinking?: { readonly type: string } | null;
  readonly diagnostics?: { readonly previous_message_id?: string | null } | null;
  /** The beta `fallbacks` chain (needs the server-side fallback beta header). */
  readonly fallbacks?: readonly { readonly model: string }[] | null;
  readonly stream?: boolean;
  readonly [key: string]: unknown;
}

/** The policy areas a refusal names on the wire (`stop_details.category`, SDK 1.12.0). */
export const wireRefusalCategories = [
  'cyber',
  'bio',
  'frontier_llm',
  'reasoning_extraction',
  'general_harms',
] as const;
export type WireRefusalCategory = (typeof wireRefusalCategories)[number];

export type ResponseBlock =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'tool_use'; readonly id: string; readonly name: string; readonly input: unknown }
  | { readonly type: 'thinking'; readonly thinking: string; readonly signature: string }
  | {
      readonly type: 'fallback';
      readonly from: { readonly model: string };
      readonly to: { readonly model: string };
      readonly trigger: { readonly type: 'refusal'; readonly category: WireRefusalCategory | null };
    };

/** Token counts of one hop of a fallback-served call (`usage.iterations`, beta). */
/** Cache writes by TTL, as `usage.cache_creation` reports them. */
export interface CacheCreation {
  readonly ephemeral_5m_input_tokens: number;
  readonly ephemeral_1h_input_tokens: number;
}

export interface IterationUsage {
  readonly type: 'message' | 'fallback_message';
  readonly model: string;
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly cache_creation_input_tokens: number;
  readonly cache_read_input_tokens: number;
  /** The cache writes by TTL, adding up to `cache_creation_input_tokens`. */
  readonly cache_creation: CacheCreation;
}

export interface ResponseUsage {
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly cache_creation_input_tokens: number;
  readonly cache_read_input_tokens: number;
  /** The cache writes by TTL, adding up to `cache_creation_input_tokens`. */
  readonly cache_creation: CacheCreation;
  /** Thinking tokens, part of `output_tokens`; null when the model did not think. */
  readonly output_tokens_details: { readonly thinking_tokens: number } | null;
  /** Present on a call a fallback model served. */
  readonly iterations?: readonly IterationUsage[];
  /** `batch` on the messages of Message Batch results; absent on `POST /v1/messages` answers. */
  readonly service_tier?: 'standard' | 'batch';
}

export interface RefusalStopDetails {
  readonly type: 'refusal';
  readonly category: WireRefusalCategory | null;
  readonly explanation: string | null;
}

/** `diagnostics` of a response to a request that opted in. */
export interface ResponseDiagnostics {
  readonly cache_miss_reason:
    | { readonly type: 'previous_message_not_found' | 'unavailable' }
    | {
        readonly type: 'model_changed' | 'system_changed' | 'tools_changed' | 'messages_changed';
        readonly cache_missed_input_tokens: number;
      }
    | null;
}

/** A `message` object as the API returns it. */
export interface MessageResponse {
  readonly id: string;
  readonly type: 'message';
  readonly role: 'assistant';
  readonly model: string;
  readonly content: readonly ResponseBlock[];
  readonly stop_reason: 'end_turn' | 'max_tokens' | 'tool_use' | 'refusal';
  readonly stop_sequence: null;
  readonly stop_details: RefusalStopDetails | null;
  /** Null when the request did not opt in, or nothing diverged. */
  readonly diagnostics: ResponseDiagnostics | null;
  readonly usage: ResponseUsage;
}

/** The body of every error response. */
export interface ErrorResponse {
  readonly type: 'error';
  readonly error: { readonly type: string; readonly message: string; readonly details?: unknown };
  readonly request_id: string;
}
