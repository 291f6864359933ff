/**
 * Defaults of `createAnthropicModelClient`, in a module of their own so that reading the configuration
 * (`anthropicEnv`) does not load the SDK.
 */
export const anthropicModelClientDefaults = {
  maxRetries: 0,
  timeoutMs: 600_000,
  streamAboveMaxTokens: 16_000,
} as const;
