import type { DocumentMediaType } from '../document/document-media-type';
import type { Effort } from '../models/model-spec';
import type { DocumentRef } from './document-ref';
import type { OutputStrategy } from './output-strategy';

/** A block of a message, shaped as the Messages API's content blocks (text, document, tool use, tool result). */
export type ContentPart =
  | {
      readonly type: 'text';
      readonly text: string;
      /** Ends the cacheable prefix: everything up to and including this part may be cached. */
      readonly cacheBreakpoint?: boolean;
    }
  | {
      /** A PDF or an image, read natively by the model. */
      readonly type: 'document';
      readonly mediaType: DocumentMediaType;
      readonly ref: DocumentRef;
      /**
       * Estimated input tokens (`documentTokenEstimate`, before the tokenizer factor); absent:
       * `documentTokenFigures.unknownDocument`.
       */
      readonly estimatedTokens?: number;
      readonly cacheBreakpoint?: boolean;
    }
  | { readonly type: 'tool_call'; readonly id: string; readonly name: string; readonly input: unknown }
  | {
      readonly type: 'tool_result';
      readonly toolCallId: string;
      readonly text: string;
      readonly isError: boolean;
    };

export interface ModelMessage {
  readonly role: 'user' | 'assistant';
  readonly content: readonly ContentPart[];
}

/**
 * One call to Claude, as the extraction loop lays it out. It is Claude-shaped, not provider-neutral:
 * its fields map one to one onto the Messages API (structured outputs or a strict tool, cache
 * breakpoints, `output_config.effort`, cache diagnostics, server-side fallbacks), and another
 * provider's adapter would have to emulate or drop them. The Anthropic adapter translates it to the
 * wire format without reordering: output schema and system form the prefix shared by a
 * workflow version's jobs (cache breakpoint `systemCacheBreakpoint`), the first user part (the
 * document) the job's own; lessons and feedback come after both breakpoints.
 */
export interface ModelRequest {
  readonly model: string;
  readonly maxTokens: number;
  readonly strategy: OutputStrategy;
  /** Name of the tool carrying the answer when `strategy` is `tool`. */
  readonly toolName: string;
  /** JSON Schema of the output, already sanitized for the provider. */
  readonly outputSchema: Readonly<Record<string, unknown>>;
  readonly system: string;
  /** Ends the shared cacheable prefix after the system prompt (tools or schema, then system). */
  readonly systemCacheBreakpoint?: boolean;
  readonly messages: readonly ModelMessage[];
  /**
   * How the `tool` strategy asks for its tool: `forced` (the default) or `auto` with a strict tool,
   * for models that reject forced tool use. A reply without the tool call is then a parse issue.
   */
  readonly toolChoice?: 'forced' | 'auto';
  /** `output_config.effort`; absent: none is sent (the model's own default applies). */
  readonly effort?: Effort;
  /**
   * Cache diagnostics: when present, the request opts in (`diagnostics.previous_message_id`) and
   * names the message id of the attempt before it (null on the first).
   */
  readonly diagnostics?: { readonly previousMessageId: string | null };
  /** Models the API may answer with server-side when this one refuses (the `fallbacks` beta). */
  readonly fallbacks?: readonly string[];
}
