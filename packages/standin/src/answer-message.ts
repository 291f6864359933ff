import type { Effort, ModelTable } from '@quarry/core';
import { buildMessage, type ContentReply } from './build-message';
import { fallbackMessage } from './fallback-message';
import type { MessageResponse, MessagesRequestBody } from './messages-wire';
import { modelContextOf } from './model-context';
import type { PromptCache } from './prompt-cache';
import { fingerprintOf, type RequestFingerprints } from './request-fingerprints';
import { requestSegments } from './request-segments';
import type { RequestStrategy } from './request-strategy';
import type { StandinReply } from './standin-reply';

/** Options of {@link answerMessage}. */
export interface AnswerMessageOptions {
  readonly body: MessagesRequestBody;
  readonly strategy: RequestStrategy;
  readonly reply: ContentReply;
  readonly cache: PromptCache;
  /** Whether breakpoints below the model's minimum cacheable prefix are ignored. Default `none`. */
  readonly cacheMinimum?: 'model' | 'none';
  readonly fingerprints: RequestFingerprints;
  readonly models: ModelTable;
  readonly thinkingTokens: Readonly<Record<Effort, number>>;
  readonly nextId: (prefix: 'msg' | 'toolu') => string;
}

const isContent = (reply: StandinReply | undefined): reply is ContentReply =>
  reply !== undefined && ['json', 'text', 'tool', 'truncated', 'refusal', 'empty'].includes(reply.kind);

/**
 * The `message` answering a request, as the model it names would: its table entry decides
 * thinking, the tokenizer factor and the default effort; the prompt cache is that model's. A
 * refusal on a request naming `fallbacks` is answered by the first fallback model (when the
 * refusal says what it answers), as server-side fallback does. A request opting into cache
 * diagnostics is compared with the one it names and leaves its own fingerprint under the new id.
 */
export function answerMessage(options: AnswerMessageOptions): MessageResponse {
  const { body, strategy, reply, cache } = options;
  const segments = requestSegments(body, strategy);
  const build = (model: string, content: ContentReply, diagnostics: MessageResponse['diagnostics']) => {
    const context = modelContextOf(body, model, options.models);
    return buildMessage({
      reply: content,
      strategy,
      context,
      maxTokens: body.max_tokens,
      inputUsage: cache.usage(
        model,
        segments,
        context.tokenizerFactor,
        options.cacheMinimum === 'model' ? (context.spec?.minCacheableTokens ?? 0) : 0,
      ),
      thinkingTokens: options.thinkingTokens[context.effort],
      diagnostics,
      nextId: options.nextId,
    });
  };
  const optedIn = body.diagnostics !== undefined && body.diagnostics !== null;
  const previousId = body.diagnostics?.previous_message_id ?? null;
  const primary = build(body.model, reply, null);
  const prefixTokens = primary.usage.cache_creation_input_tokens + primary.usage.cache_read_input_tokens;
  const fingerprint = fingerprintOf(body, prefixTokens);
  const diagnostics = optedIn ? options.fingerprints.diagnose(fingerprint, previousId) : null;
  const fallback = body.fallbacks?.[0];
  const message =
    reply.kind === 'refusal' && fallback && isContent(reply.fallback)
      ? fallbackMessage({
          refused: primary,
          answer: build(fallback.model, reply.fallback, null),
          category: reply.category ?? null,
        })
      : primary;
  if (optedIn) options.fingerprints.remember(message.id, fingerprint);
  return { ...message, diagnostics };
}
