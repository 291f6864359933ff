import type { MessagesRequestBody } from './messages-wire';

/**
 * How a request asks for its answer: a forced tool (`tool_choice` of type `tool`), structured
 * outputs (`output_config.format` of type `json_schema`), a tool the model may call
 * (`tool_choice` `auto` or left out, with tools: the first one is the answer's), or neither
 * (plain text). A forced tool wins over structured outputs, which win over an optional tool.
 */
export type RequestStrategy =
  | {
      readonly kind: 'tool';
      readonly toolName: string;
      readonly schema: Readonly<Record<string, unknown>> | null;
    }
  | { readonly kind: 'structured'; readonly schema: Readonly<Record<string, unknown>> }
  | { readonly kind: 'text' };

export function requestStrategy(body: MessagesRequestBody): RequestStrategy {
  const choice = body.tool_choice;
  if (choice?.type === 'tool' && choice.name !== undefined) {
    const tool = body.tools?.find((candidate) => candidate.name === choice.name);
    return { kind: 'tool', toolName: choice.name, schema: tool?.input_schema ?? null };
  }
  const format = body.output_config?.format;
  if (format?.type === 'json_schema' && format.schema) return { kind: 'structured', schema: format.schema };
  const optional = body.tools?.[0];
  if (optional && (choice === undefined || choice.type === 'auto'))
    return { kind: 'tool', toolName: optional.name, schema: optional.input_schema ?? null };
  return { kind: 'text' };
}

/** The JSON Schema the answer should follow, when the request carries one. */
export const strategySchema = (strategy: RequestStrategy): Readonly<Record<string, unknown>> | null =>
  strategy.kind === 'text' ? null : strategy.schema;
