import { countStructuredOutputParameters, structuredOutputLimits } from '@quarry/core';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The structured-output limits the platform enforces per request (`structuredOutputLimits` of
 * `@quarry/core`), counted over every schema the request constrains output with: the JSON output
 * schema (`output_config.format`) and each strict tool's `input_schema`. Null within the limits,
 * else the message of the 400 `invalid_request_error`, worded as the platform words it
 * ("Schemas contains too many parameters with union types (17 parameters with type arrays or
 * anyOf). This exceeds the allowed limit of 16."). Tools are checked first, then optional, then
 * union-typed properties.
 */
export function structuredOutputProblem(body: Record<string, unknown>): string | null {
  const schemas: unknown[] = [];
  const config = body.output_config;
  if (isRecord(config) && isRecord(config.format) && config.format.type === 'json_schema')
    schemas.push(config.format.schema);
  const strictTools = Array.isArray(body.tools)
    ? body.tools.filter((tool): tool is Record<string, unknown> => isRecord(tool) && tool.strict === true)
    : [];
  if (strictTools.length > structuredOutputLimits.maxStrictTools)
    return `Too many strict tools (${strictTools.length}). This exceeds the allowed limit of ${structuredOutputLimits.maxStrictTools}.`;
  for (const tool of strictTools) schemas.push(tool.input_schema);
  let optional = 0;
  let union = 0;
  for (const schema of schemas) {
    const counts = countStructuredOutputParameters(schema);
    optional += counts.optionalParameters;
    union += counts.unionParameters;
  }
  if (optional > structuredOutputLimits.maxOptionalParameters)
    return `Schemas contains too many optional parameters (${optional} parameters not in required). This exceeds the allowed limit of ${structuredOutputLimits.maxOptionalParameters}.`;
  if (union > structuredOutputLimits.maxUnionParameters)
    return `Schemas contains too many parameters with union types (${union} parameters with type arrays or anyOf). This exceeds the allowed limit of ${structuredOutputLimits.maxUnionParameters}.`;
  return null;
}
