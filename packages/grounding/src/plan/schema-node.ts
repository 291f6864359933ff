import type { GroundedKind } from './grounded-field';

/** A JSON Schema node as `toOutputJsonSchema` writes it. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** A node with its `null` alternative taken off: `anyOf: [X, { type: 'null' }]` is X, nullable. */
export interface Unwrapped {
  readonly node: JsonSchema;
  readonly nullable: boolean;
  /** Puts a replacement for `node` back where it was (inside the `anyOf` when nullable). */
  readonly rewrap: (replacement: JsonSchema) => JsonSchema;
}

export function unwrapNullable(node: JsonSchema): Unwrapped {
  const anyOf = node.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const inner = anyOf.findIndex((branch) => !isNull(branch));
    const other = anyOf[1 - inner];
    if (inner !== -1 && isNull(other)) {
      return {
        node: anyOf[inner] as JsonSchema,
        nullable: true,
        rewrap: (replacement) => ({
          ...node,
          anyOf: inner === 0 ? [replacement, other] : [other, replacement],
        }),
      };
    }
  }
  return { node, nullable: false, rewrap: (replacement) => replacement };
}

/**
 * What a leaf holds: a grounded kind, `'ungroundable'` for leaves that cannot be quoted (booleans,
 * constants, unions), or `undefined` for objects and arrays.
 */
export function leafKind(node: JsonSchema): GroundedKind | 'ungroundable' | undefined {
  if (node.type === 'object' || 'properties' in node || node.type === 'array') return undefined;
  if (Array.isArray(node.enum) && node.enum.every((value) => typeof value === 'string')) return 'enum';
  if ('const' in node || '$ref' in node || 'anyOf' in node) return 'ungroundable';
  if (node.type === 'string')
    return node.format === 'date' || node.format === 'date-time' ? 'date' : 'string';
  if (node.type === 'number' || node.type === 'integer') return 'number';
  return 'ungroundable';
}

/** A child schema as an object, or an empty one. */
export function schemaAt(value: unknown): JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonSchema) : {};
}

function isNull(branch: unknown): boolean {
  return schemaAt(branch).type === 'null';
}
