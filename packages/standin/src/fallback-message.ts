import type {
  CacheCreation,
  IterationUsage,
  MessageResponse,
  ResponseUsage,
  WireRefusalCategory,
} from './messages-wire';

/**
 * A call a server-side fallback served, the way the beta API returns it (platform page "Refusals
 * and fallback", checked 2026-11-24; SDK 1.12.0 `BetaFallbackBlock`, `usage.iterations`): the
 * fallback model's answer after a `fallback` block naming both models and the refusal that
 * triggered it, `model` naming the fallback model, top-level usage summed over both hops and each
 * hop itemised in `usage.iterations` (`message` for the refused hop, `fallback_message` for the answer).
 */
export function fallbackMessage(options: {
  readonly refused: MessageResponse;
  readonly answer: MessageResponse;
  readonly category: WireRefusalCategory | null;
}): MessageResponse {
  const { refused, answer } = options;
  const hop = (type: IterationUsage['type'], message: MessageResponse): IterationUsage => ({
    type,
    model: message.model,
    input_tokens: message.usage.input_tokens,
    output_tokens: message.usage.output_tokens,
    cache_creation_input_tokens: message.usage.cache_creation_input_tokens,
    cache_read_input_tokens: message.usage.cache_read_input_tokens,
    cache_creation: message.usage.cache_creation,
  });
  const sum = (
    key: keyof Omit<
      ResponseUsage,
      'output_tokens_details' | 'iterations' | 'cache_creation' | 'service_tier'
    >,
  ): number => refused.usage[key] + answer.usage[key];
  const writes = (key: keyof CacheCreation): number =>
    refused.usage.cache_creation[key] + answer.usage.cache_creation[key];
  return {
    ...answer,
    content: [
      {
        type: 'fallback',
        from: { model: refused.model },
        to: { model: answer.model },
        trigger: { type: 'refusal', category: options.category },
      },
      ...answer.content,
    ],
    usage: {
      input_tokens: sum('input_tokens'),
      output_tokens: sum('output_tokens'),
      cache_creation_input_tokens: sum('cache_creation_input_tokens'),
      cache_read_input_tokens: sum('cache_read_input_tokens'),
      cache_creation: {
        ephemeral_5m_input_tokens: writes('ephemeral_5m_input_tokens'),
        ephemeral_1h_input_tokens: writes('ephemeral_1h_input_tokens'),
      },
      output_tokens_details: answer.usage.output_tokens_details,
      iterations: [hop('message', refused), hop('fallback_message', answer)],
    },
  };
}
