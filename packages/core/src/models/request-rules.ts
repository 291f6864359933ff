import type { ModelSpec } from './model-spec';

/** What the request of a model must look like so the model accepts it. */
export interface RequestRules {
  /**
   * How the `tool` strategy asks for its tool: `forced` (`tool_choice` of type `tool`), or `auto`
   * with a strict tool, on models that answer 400 to forced tool use.
   */
  readonly toolChoice: 'forced' | 'auto';
  /**
   * Whether a failed tool call may be replayed as a `tool_use` answered by a `tool_result`. Not on a
   * model that thinks while its tool is not forced: the API then wants the turn's thinking block
   * (with its signature) before the `tool_use`, which is not kept, so the reply is replayed as text.
   */
  readonly replayToolCalls: boolean;
}

/** True when the model thinks unless told not to (`adaptive`) or always does (`always`). */
export const thinksByDefault = (spec: ModelSpec | null): boolean =>
  spec?.thinking === 'adaptive' || spec?.thinking === 'always';

/** The request rules of a model; a model not in the table (null) keeps the forced tool. */
export function requestRulesOf(spec: ModelSpec | null): RequestRules {
  const toolChoice = spec?.forcedToolChoice === false ? 'auto' : 'forced';
  return { toolChoice, replayToolCalls: toolChoice === 'forced' || !thinksByDefault(spec) };
}
