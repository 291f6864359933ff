/** The date every entry of the default model table was last checked against its page. */
export const modelTableChecked = '2026-11-24';

/** A platform documentation page (`https://platform.claude.com/docs/en/<page>`) checked on {@link modelTableChecked}. */
export const platformDocs = (page: string) => ({
  url: `https://platform.claude.com/docs/en/${page}`,
  checked: modelTableChecked,
});

/**
 * Request rules of the models that reject forced tool choice (`tool_choice` `tool`/`any`),
 * sampling parameters and an assistant prefill: Opus 5.5, Sonnet 5.5, Fable 5.1 and later.
 */
export const noForcedToolRules = {
  forcedToolChoice: false,
  samplingParameters: false,
  assistantPrefill: false,
  structuredOutputs: true,
} as const;

/** Request rules of Opus 4.7 to Opus 5, Sonnet 5, Fable 5 and Haiku 5.5: forced tool choice only. */
export const forcedToolOnlyRules = {
  forcedToolChoice: true,
  samplingParameters: false,
  assistantPrefill: false,
  structuredOutputs: true,
} as const;
