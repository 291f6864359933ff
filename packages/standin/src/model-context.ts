import { type Effort, type ModelSpec, type ModelTable, modelSpecOf } from '@quarry/core';
import type { MessagesRequestBody } from './messages-wire';

/** How one model answers one request, from its table entry and the request. */
export interface ModelContext {
  readonly model: string;
  /** The model's table entry; null for a model the table does not know (no rules apply). */
  readonly spec: ModelSpec | null;
  /** `output_config.effort`, else the model's default effort, else `high`. */
  readonly effort: Effort;
  /** Whether the reply starts with a thinking block. */
  readonly thinks: boolean;
  /** Tokens per token of the pre-4.7 tokenizer (1 for models outside the table). */
  readonly tokenizerFactor: number;
}

/** True when `tool_choice` forces a tool (`tool` or `any`). */
export const forcesTool = (body: MessagesRequestBody): boolean =>
  body.tool_choice?.type === 'tool' || body.tool_choice?.type === 'any';

/**
 * The context of `model` answering `body`: thinking is on when the request asks for it
 * (`enabled` or `adaptive`) on a model that can think, or when the request leaves it out and the
 * model thinks by default (`adaptive`, `always`); never with a forced tool, which skips thinking.
 */
export function modelContextOf(body: MessagesRequestBody, model: string, models: ModelTable): ModelContext {
  const spec = modelSpecOf(model, models);
  const asked = body.thinking?.type;
  const byDefault = spec?.thinking === 'adaptive' || spec?.thinking === 'always';
  const thinks =
    !forcesTool(body) &&
    (asked === undefined
      ? byDefault
      : (asked === 'enabled' || asked === 'adaptive') && spec !== null && spec.thinking !== 'none');
  return {
    model,
    spec,
    effort: body.output_config?.effort ?? spec?.defaultEffort ?? 'high',
    thinks,
    tokenizerFactor: spec?.tokenizerFactor ?? 1,
  };
}
