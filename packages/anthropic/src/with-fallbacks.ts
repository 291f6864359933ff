import type { MessageCreateParamsBase as BetaMessageCreateParamsBase } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { MessageCreateParamsBase } from '@anthropic-ai/sdk/resources/messages';

/**
 * The beta header of server-side fallback (platform pages "Refusals and fallback" and "Fallback
 * credit", checked 2026-11-24; SDK 1.12.0 `AnthropicBeta`). Server-side fallback also applies the
 * fallback credit, so a retry on the fallback model does not pay the prompt-cache write twice.
 */
export const serverSideFallbackBeta = 'server-side-fallback-2026-07-01';

/**
 * Messages parameters with server-side fallback: the beta `fallbacks` chain (each entry only names
 * its model; the request's own settings carry over) and the beta header that enables it.
 */
export function withFallbacks(
  params: MessageCreateParamsBase,
  fallbacks: readonly string[],
): BetaMessageCreateParamsBase {
  return {
    ...params,
    fallbacks: fallbacks.map((model) => ({ model })),
    betas: [serverSideFallbackBeta],
  };
}
