import { z } from 'zod';
import { DocumentLimitsSpec, platformDocumentLimits } from './document-limits-spec';
import { platformDocs } from './model-sources';
import { isoDate, SpecSource } from './model-spec-source';

/** An `output_config.effort` level, lowest first. */
export const Effort = z.enum(['low', 'medium', 'high', 'xhigh', 'max']);
export type Effort = z.infer<typeof Effort>;

/** Effort levels in ascending order, for ladders. */
export const effortLevels: readonly Effort[] = Effort.options;

/** Highest price per million tokens a table entry may name (USD); today's highest list price is $75. */
export const maxUsdPerMTok = 1000;

/** A whole number of tokens from `min` to `max`, with the form named in the error. */
const tokenCount = (min: number, max: number) => {
  const form = `a whole number of tokens from ${min} to ${max}`;
  return z.number({ error: form }).int({ error: form }).min(min, { error: form }).max(max, { error: form });
};

/** A price in USD per million tokens, from 0 to {@link maxUsdPerMTok}. */
const usdPerMTok = () => {
  const form = `a price in USD per million tokens from 0 to ${maxUsdPerMTok}`;
  return z.number({ error: form }).min(0, { error: form }).max(maxUsdPerMTok, { error: form });
};

/** USD per million tokens, by kind of token. */
export const TokenPrices = z.object({
  input: usdPerMTok(),
  output: usdPerMTok(),
  /** 5-minute cache write. */
  cacheWrite5m: usdPerMTok(),
  /** 1-hour cache write. */
  cacheWrite1h: usdPerMTok(),
  cacheRead: usdPerMTok(),
});
export type TokenPrices = z.infer<typeof TokenPrices>;

/**
 * A price tier: once a request's prompt (input + cache reads + cache writes) is larger than
 * `aboveInputTokens`, every token of that request is priced at `prices`.
 */
export const PriceTier = z.object({
  aboveInputTokens: tokenCount(1, 100_000_000),
  prices: TokenPrices,
});
export type PriceTier = z.infer<typeof PriceTier>;

/**
 * The context window every model Quarry knows takes by default, 200,000 tokens, per the platform
 * page "Context windows" (checked with the model table); a table entry may name a larger one.
 */
export const platformContextWindow = {
  tokens: 200_000,
  source: platformDocs('build-with-claude/context-windows'),
} as const;

/** How a model thinks: `none` (no thinking), `optional` (off unless asked), `adaptive` (on by default), `always` (cannot be turned off). */
export const ThinkingMode = z.enum(['none', 'optional', 'adaptive', 'always']);
export type ThinkingMode = z.infer<typeof ThinkingMode>;

export { SpecSource } from './model-spec-source';

/**
 * Where a model stands in its provider's lifecycle: `active` (current), `legacy` (served, no longer
 * updated; a newer model replaces it) or `deprecated` (a retirement date is set).
 */
export const ModelStatus = z.enum(['active', 'legacy', 'deprecated']);
export type ModelStatus = z.infer<typeof ModelStatus>;

/** Everything Quarry needs to know about one model family to price it and send it only what it accepts. */
export const ModelSpec = z.object({
  /** Human name, e.g. "Claude Haiku 5.5". */
  name: z
    .string({ error: 'a name of 1 to 80 characters' })
    .min(1)
    .max(80, { error: 'a name of 1 to 80 characters' }),
  status: ModelStatus.default('active'),
  prices: TokenPrices,
  /** Higher-priced tiers by prompt size, ascending by threshold. */
  tiers: z
    .array(PriceTier)
    .max(10, { error: 'at most 10 tiers' })
    .refine(
      (tiers) =>
        tiers.every((tier, i) => i === 0 || tier.aboveInputTokens > (tiers[i - 1]?.aboveInputTokens ?? 0)),
      {
        error: 'tiers in ascending order of aboveInputTokens, each threshold once',
      },
    )
    .default([]),
  /**
   * Tokens the model reads in one request (prompt and answer); default
   * {@link platformContextWindow} (200,000). Split planning keeps a document well within it.
   */
  contextTokens: tokenCount(1, 100_000_000).default(platformContextWindow.tokens),
  /** Prefixes shorter than this many tokens are silently not cached by the API. */
  minCacheableTokens: tokenCount(1, 1_000_000),
  /** Tokens this model counts for the same text, relative to the pre-4.7 tokenizer (1.3 ≈ 30 % more). */
  tokenizerFactor: z
    .number({ error: 'a number from 0.1 to 10' })
    .min(0.1, { error: 'a number from 0.1 to 10' })
    .max(10, { error: 'a number from 0.1 to 10' }),
  /** `tool_choice` of type `tool` or `any` is accepted (else 400). */
  forcedToolChoice: z.boolean(),
  /** `temperature`, `top_p`, `top_k` are accepted (else 400). */
  samplingParameters: z.boolean(),
  /** A trailing assistant message (prefill) is accepted (else 400). */
  assistantPrefill: z.boolean(),
  /** Native structured outputs (`output_config.format`). */
  structuredOutputs: z.boolean(),
  thinking: ThinkingMode,
  /** Default `output_config.effort`; null where the model takes no effort parameter. */
  defaultEffort: Effort.nullable(),
  /** ISO date after which the API no longer serves the model; null when none is announced. */
  retiresOn: isoDate().nullable(),
  /** What the platform accepts of documents (PDFs, images) sent to this model. */
  documents: DocumentLimitsSpec.default(platformDocumentLimits),
  source: SpecSource,
});
export type ModelSpec = z.infer<typeof ModelSpec>;
export type ModelSpecInput = z.input<typeof ModelSpec>;

/** A model id or family key: letters, digits and `. _ @ : -`, at most 128 characters. */
export const ModelId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._@:-]{0,127}$/, {
  error: 'a model id (letters, digits, . _ @ : -; at most 128)',
});

/**
 * Model families by id. A model id matches its own key, or the key it extends with a snapshot date
 * (`claude-haiku-4-5-20251001` → `claude-haiku-4-5`); see `modelSpecOf`.
 */
export const ModelTable = z.record(ModelId, ModelSpec);
export type ModelTable = z.infer<typeof ModelTable>;
