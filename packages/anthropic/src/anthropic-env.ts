import { integerVar, textVar, urlVar } from '@quarry/env';
import { anthropicModelClientDefaults } from './anthropic-model-client-defaults';

/** Whether a (valid) URL carries no credentials: fetch refuses such URLs, and they would be secrets in it. */
function withoutCredentials(url: string): boolean {
  const parsed = new URL(url);
  return parsed.username === '' && parsed.password === '';
}

/**
 * The environment variables of an Anthropic API client, shared by every program that calls the API
 * (the worker; the CLI's `quarry batches cancel`): spread into a program's env schema.
 */
export const anthropicEnv = {
  ANTHROPIC_API_KEY: textVar('the Anthropic API key (any non-empty value for a local stand-in)').meta({
    description: 'API key of the Messages API (any non-empty value for a local stand-in).',
    whenUnset: 'required',
  }),
  ANTHROPIC_BASE_URL: urlVar(['http:', 'https:'], 'http://127.0.0.1:4010')
    .refine(withoutCredentials, {
      error: 'a URL without user or password (the key goes in ANTHROPIC_API_KEY)',
      when: (payload) => (payload.issues ?? []).length === 0,
    })
    .optional()
    .meta({
      description:
        'Base URL of the Messages API, e.g. a local stand-in. No user or password in it (refused).',
      whenUnset: 'the public API',
    }),
  ANTHROPIC_MAX_RETRIES: integerVar(0, 10)
    .default(anthropicModelClientDefaults.maxRetries)
    .meta({ description: 'Retries the SDK makes inside one call. Keep it at 0: the worker owns retries.' }),
  ANTHROPIC_TIMEOUT_MS: integerVar(1).default(anthropicModelClientDefaults.timeoutMs).meta({
    description:
      'Time limit of one whole model call (headers and body, streamed or not); past it the call is aborted and the job retried later like a transient failure.',
  }),
};
