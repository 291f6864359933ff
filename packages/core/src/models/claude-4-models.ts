import { forcedToolOnlyRules, platformDocs } from './model-sources';

/** Request rules of Opus 4.6 and Sonnet 4.6: forced tool choice and sampling parameters, no prefill. */
const noPrefillRules = {
  forcedToolChoice: true,
  samplingParameters: true,
  assistantPrefill: false,
  structuredOutputs: true,
} as const;

/** Request rules of the 4.5 models: everything is accepted. */
const permissiveRules = {
  forcedToolChoice: true,
  samplingParameters: true,
  assistantPrefill: true,
  structuredOutputs: true,
} as const;

const opusPrices = { input: 5, output: 25, cacheWrite5m: 6.25, cacheWrite1h: 10, cacheRead: 0.5 };
const sonnetPrices = { input: 3, output: 15, cacheWrite5m: 3.75, cacheWrite1h: 6, cacheRead: 0.3 };
const pricing = platformDocs('about-claude/pricing');

/** Claude 4 generation entries still served (input as the table file takes them). */
export const claude4Models = {
  'claude-opus-4-8': {
    name: 'Claude Opus 4.8',
    status: 'legacy',
    prices: opusPrices,
    minCacheableTokens: 1024,
    tokenizerFactor: 1.3,
    ...forcedToolOnlyRules,
    thinking: 'optional',
    defaultEffort: 'high',
    retiresOn: null,
    source: pricing,
  },
  'claude-opus-4-7': {
    name: 'Claude Opus 4.7',
    status: 'legacy',
    prices: opusPrices,
    minCacheableTokens: 2048,
    tokenizerFactor: 1.3,
    ...forcedToolOnlyRules,
    thinking: 'optional',
    defaultEffort: 'high',
    retiresOn: null,
    source: pricing,
  },
  'claude-opus-4-6': {
    name: 'Claude Opus 4.6',
    status: 'legacy',
    prices: opusPrices,
    minCacheableTokens: 4096,
    tokenizerFactor: 1,
    ...noPrefillRules,
    thinking: 'optional',
    defaultEffort: 'high',
    retiresOn: null,
    source: pricing,
  },
  'claude-opus-4-5': {
    name: 'Claude Opus 4.5',
    status: 'legacy',
    prices: opusPrices,
    minCacheableTokens: 4096,
    tokenizerFactor: 1,
    ...permissiveRules,
    thinking: 'optional',
    defaultEffort: 'high',
    retiresOn: null,
    source: pricing,
  },
  'claude-sonnet-4-6': {
    name: 'Claude Sonnet 4.6',
    status: 'legacy',
    prices: sonnetPrices,
    minCacheableTokens: 2048,
    tokenizerFactor: 1,
    ...noPrefillRules,
    thinking: 'optional',
    defaultEffort: 'high',
    retiresOn: null,
    source: pricing,
  },
  'claude-sonnet-4-5': {
    name: 'Claude Sonnet 4.5',
    status: 'deprecated',
    prices: sonnetPrices,
    minCacheableTokens: 1024,
    tokenizerFactor: 1,
    ...permissiveRules,
    thinking: 'optional',
    defaultEffort: null,
    retiresOn: '2026-11-30',
    source: platformDocs('about-claude/model-deprecations'),
  },
  'claude-haiku-4-5': {
    name: 'Claude Haiku 4.5',
    status: 'legacy',
    prices: { input: 1, output: 5, cacheWrite5m: 1.25, cacheWrite1h: 2, cacheRead: 0.1 },
    minCacheableTokens: 4096,
    tokenizerFactor: 1,
    ...permissiveRules,
    thinking: 'optional',
    defaultEffort: null,
    retiresOn: null,
    source: pricing,
  },
} as const;
