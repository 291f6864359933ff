import type { Usage } from './usage';

export type ResponsePart =
  | { readonly type: 'text'; readonly text: string }
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
}
