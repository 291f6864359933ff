import type { MessagesRequestBody } from './messages-wire';

/**
 * How a request asks for its answer: a forced tool (`tool_choice` of type `tool`), structured
 * outputs (`output_config.format` of type `json_schema`), or neither (plain text). A forced tool
 * wins when a request has both.
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
  return { kind: 'text' };
}

/** The JSON Schema the answer should follow, when the request carries one. */
export const strategySchema = (strategy: RequestStrategy): Readonly<Record<string, unknown>> | null =>
  strategy.kind === 'text' ? null : strategy.schema;
