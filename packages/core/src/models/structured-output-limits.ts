import { platformDocs } from './model-sources';

/**
 * The per-request schema limits of structured outputs (JSON outputs and strict tools) on every
 * model that takes them, as the platform page "Structured outputs" documents them under its
 * limitations (checked 2026-11-27); a request past one is refused with a 400 ("Schemas contains
 * too many parameters with union types … limit: 16").
 */
export const structuredOutputLimits = {
  /** Optional properties (not in `required`) across the request's schemas. */
  maxOptionalParameters: 24,
  /** Properties whose schema is a union (`anyOf`, or a list of types such as `["string", "null"]`). */
  maxUnionParameters: 16,
  /** Strict tools in one request. */
  maxStrictTools: 20,
  source: { ...platformDocs('build-with-claude/structured-outputs'), checked: '2026-11-27' },
} as const;

/** Counts of what {@link structuredOutputLimits} bounds, in one output schema as sent. */
export interface StructuredOutputCounts {
  readonly optionalParameters: number;
  readonly unionParameters: number;
}

/** Counts the optional and union-typed properties of a JSON Schema, `$defs` included. */
export function countStructuredOutputParameters(schema: unknown): StructuredOutputCounts {
  const counts = { optionalParameters: 0, unionParameters: 0 };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const object = node as Record<string, unknown>;
    const properties = object.properties;
    if (properties !== null && typeof properties === 'object' && !Array.isArray(properties)) {
      const required = new Set(Array.isArray(object.required) ? object.required : []);
      for (const [name, property] of Object.entries(properties)) {
        if (!required.has(name)) counts.optionalParameters++;
        if (isUnion(property)) counts.unionParameters++;
      }
    }
    for (const value of Object.values(object)) visit(value);
  };
  visit(schema);
  return counts;
}

function isUnion(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return false;
  const { anyOf, oneOf, type } = schema as Record<string, unknown>;
  return Array.isArray(anyOf) || Array.isArray(oneOf) || (Array.isArray(type) && type.length > 1);
}
