import { claude4Models } from './claude-4-models';
import { forcedToolOnlyRules, noForcedToolRules, platformDocs } from './model-sources';
import { ModelTable, type ModelTable as ModelTableType } from './model-spec';

/** Claude 5 generation entries (input as the table file takes them). */
const claude5Models = {
  'claude-haiku-5-5': {
    name: 'Claude Haiku 5.5',
    prices: { input: 0.1, output: 0.5, cacheWrite5m: 0.125, cacheWrite1h: 0.2, cacheRead: 0.01 },
    tiers: [
      {
        aboveInputTokens: 100_000,
        prices: { input: 0.5, output: 2.5, cacheWrite5m: 0.625, cacheWrite1h: 1, cacheRead: 0.05 },
      },
    ],
    minCacheableTokens: 512,
    tokenizerFactor: 1.3,
    ...forcedToolOnlyRules,
    thinking: 'adaptive',
    defaultEffort: 'medium',
    retiresOn: null,
    source: platformDocs('models/haiku-5-5/overview'),
  },
  'claude-sonnet-5-5': {
    name: 'Claude Sonnet 5.5',
    prices: { input: 2, output: 10, cacheWrite5m: 2.5, cacheWrite1h: 4, cacheRead: 0.1 },
    minCacheableTokens: 512,
    tokenizerFactor: 1.3,
    ...noForcedToolRules,
    thinking: 'adaptive',
    defaultEffort: 'high',
    retiresOn: null,
    source: platformDocs('about-claude/pricing'),
  },
  'claude-opus-5-5': {
    name: 'Claude Opus 5.5',
    prices: { input: 4, output: 20, cacheWrite5m: 5, cacheWrite1h: 8, cacheRead: 0.2 },
    minCacheableTokens: 512,
    tokenizerFactor: 1.3,
    ...noForcedToolRules,
    thinking: 'always',
    defaultEffort: 'medium',
    retiresOn: null,
    source: platformDocs('models/opus-5-5/overview'),
  },
  'claude-fable-5-2': {
    name: 'Claude Fable 5.2',
    prices: { input: 8, output: 40, cacheWrite5m: 10, cacheWrite1h: 16, cacheRead: 0.2 },
    minCacheableTokens: 512,
    tokenizerFactor: 1.3,
    ...noForcedToolRules,
    thinking: 'always',
    defaultEffort: 'high',
    retiresOn: null,
    source: platformDocs('models/fable-5-2/whats-new-fable-5-2'),
  },
  'claude-fable-5-1': {
    name: 'Claude Fable 5.1',
    status: 'legacy',
    prices: { input: 10, output: 50, cacheWrite5m: 12.5, cacheWrite1h: 20, cacheRead: 0.25 },
    minCacheableTokens: 512,
    tokenizerFactor: 1.3,
    ...noForcedToolRules,
    thinking: 'always',
    defaultEffort: 'high',
    retiresOn: null,
    source: platformDocs('models/fable-5-1/overview'),
  },
  'claude-fable-5': {
    name: 'Claude Fable 5',
    status: 'legacy',
    prices: { input: 10, output: 50, cacheWrite5m: 12.5, cacheWrite1h: 20, cacheRead: 1 },
    minCacheableTokens: 512,
    tokenizerFactor: 1.3,
    ...forcedToolOnlyRules,
    thinking: 'always',
    defaultEffort: 'high',
    retiresOn: null,
    source: platformDocs('models/fable-5/overview'),
  },
  'claude-opus-5': {
    name: 'Claude Opus 5',
    status: 'legacy',
    prices: { input: 5, output: 25, cacheWrite5m: 6.25, cacheWrite1h: 10, cacheRead: 0.5 },
    minCacheableTokens: 512,
    tokenizerFactor: 1.3,
    ...forcedToolOnlyRules,
    thinking: 'adaptive',
    defaultEffort: 'high',
    retiresOn: null,
    source: platformDocs('about-claude/pricing'),
  },
  'claude-sonnet-5': {
    name: 'Claude Sonnet 5',
    status: 'legacy',
    prices: { input: 2, output: 10, cacheWrite5m: 2.5, cacheWrite1h: 4, cacheRead: 0.2 },
    minCacheableTokens: 1024,
    tokenizerFactor: 1.3,
    ...forcedToolOnlyRules,
    thinking: 'adaptive',
    defaultEffort: 'high',
    retiresOn: null,
    source: platformDocs('models/sonnet-5/overview'),
  },
} as const;

/** Claude Mythos models: Fable's specifications and prices, for organizations verified by Anthropic. */
const mythosModels = {
  'claude-mythos-5-2': {
    ...claude5Models['claude-fable-5-2'],
    name: 'Claude Mythos 5.2 (verified organizations)',
  },
  'claude-mythos-5-1': {
    ...claude5Models['claude-fable-5-1'],
    name: 'Claude Mythos 5.1 (verified organizations)',
    source: platformDocs('about-claude/pricing'),
  },
  'claude-mythos-5': {
    ...claude5Models['claude-fable-5'],
    name: 'Claude Mythos 5 (verified organizations)',
    source: platformDocs('about-claude/pricing'),
  },
} as const;

/**
 * Model families Quarry knows, with prices in USD per million tokens and the request rules each
 * model enforces. Every entry names the page it was checked against and when.
 * Override or extend through `QUARRY_MODELS_FILE` (see docs/models.md).
 */
export const defaultModelTable: ModelTableType = ModelTable.parse({
  ...claude5Models,
  ...mythosModels,
  ...claude4Models,
});
