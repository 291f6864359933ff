import { z } from 'zod';

/**
 * How the model is made to answer in JSON:
 * - `structured`: structured outputs (`output_config.format` with a JSON schema), the default;
 * - `tool`: one tool whose input schema is the output schema, forced with `tool_choice`.
 */
export const OutputStrategy = z.enum(['structured', 'tool']);
export type OutputStrategy = z.infer<typeof OutputStrategy>;
