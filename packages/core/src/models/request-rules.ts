import type { ModelSpec } from './model-spec';

/** What the request of a model must look like so the model (and each fallback model) accepts it. */
export interface RequestRules {
  /**
   * How the `tool` strategy asks for its tool: `forced` (`tool_choice` of type `tool`), or `auto`
   * with a strict tool, when the model or one of its fallback models answers 400 to forced tool use
   * (the API checks each fallback attempt as if the request named that model).
   */
  readonly toolChoice: 'forced' | 'auto';
  /**
   * Whether a failed tool call may be replayed as a `tool_use` answered by a `tool_result`. Not when
   * the tool is not forced and a model that may answer thinks: the API then wants the turn's thinking
   * block (with its signature) before the `tool_use`, which is not kept, so the reply is replayed as text.
   */
  readonly replayToolCalls: boolean;
}

/** True when the model thinks unless told not to (`adaptive`) or always does (`always`). */
export const thinksByDefault = (spec: ModelSpec | null): boolean =>
  spec?.thinking === 'adaptive' || spec?.thinking === 'always';

/**
 * The request rules of a model and its fallback models (their table entries; null for a model not
 * in the table, which keeps the forced tool).
 */
export function requestRulesOf(
  spec: ModelSpec | null,
  fallbacks: readonly (ModelSpec | null)[] = [],
): RequestRules {
  const answering = [spec, ...fallbacks];
  const toolChoice = answering.some((entry) => entry?.forcedToolChoice === false) ? 'auto' : 'forced';
  return { toolChoice, replayToolCalls: toolChoice === 'forced' || !answering.some(thinksByDefault) };
}
