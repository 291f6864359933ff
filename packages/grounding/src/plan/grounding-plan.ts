import {
  formatPath,
  type GroundingConfig,
  GroundingConfigError,
  type GroundingSetting,
  normalizePath,
  parseGroundingConfig,
  toOutputJsonSchema,
} from '@quarry/core';
import type { z } from 'zod';
import { checkFieldKeys, type KnownPath } from './check-field-keys';
import { evidenceSchema } from './evidence-schema';
import { fieldSettings } from './field-settings';
import { EVIDENCE_KEY, type GroundedField, type GroundingShape } from './grounded-field';
import { type JsonSchema, leafKind, schemaAt, unwrapNullable } from './schema-node';

/** Everything grounding needs to know about one workflow; build it once per workflow. */
export interface GroundingPlan {
  readonly config: GroundingConfig;
  /**
   * The JSON Schema to send to the model: `toOutputJsonSchema(output)` with an `_evidence` object
   * (first property, required) added to every object that has grounded fields. The very same
   * object as `toOutputJsonSchema(output)` when nothing is grounded.
   */
  readonly jsonSchema: JsonSchema;
  /** The grounded leaves, in schema order. Empty when grounding is off. */
  readonly fields: readonly GroundedField[];
  /** Where the grounded leaves are; `undefined` when nothing is grounded. */
  readonly shape: GroundingShape | undefined;
}

export interface GroundingPlanOptions {
  /** The workflow's output schema. */
  readonly output: z.ZodType;
  /** The workflow's grounding setting; off when absent. */
  readonly grounding?: GroundingSetting;
}

interface Walk {
  readonly config: GroundingConfig;
  readonly known: Map<string, KnownPath>;
  readonly fields: GroundedField[];
  readonly problems: string[];
}

/**
 * Plans grounding for an output schema: which leaves are grounded (strings, numbers, dates,
 * enums, in nested objects and arrays of objects; not booleans, constants, unions or what sits
 * behind a `$ref`), with what settings, and the schema the model answers to.
 *
 * @throws GroundingConfigError when the setting is invalid or does not fit the schema.
 * @throws TypeError when the output schema cannot be expressed for structured outputs.
 */
export function groundingPlan(options: GroundingPlanOptions): GroundingPlan {
  const config = parseGroundingConfig(options.grounding);
  const base = toOutputJsonSchema(options.output) as JsonSchema;
  const walk: Walk = { config, known: new Map(), fields: [], problems: [] };
  const { schema, shape } = visit(base, [], walk);
  const problems = [...walk.problems, ...checkFieldKeys(config, walk.known)];
  if (problems.length > 0) throw new GroundingConfigError({ problems });
  return shape
    ? { config, jsonSchema: schema, fields: walk.fields, shape }
    : { config, jsonSchema: base, fields: [], shape: undefined };
}

function visit(
  node: JsonSchema,
  segments: readonly PropertyKey[],
  walk: Walk,
): { schema: JsonSchema; shape?: GroundingShape } {
  const { node: inner, rewrap } = unwrapNullable(node);
  const pattern = patternOf(segments);
  if (inner.type === 'array') {
    walk.known.set(pattern, { kind: 'container' });
    const items = visit(schemaAt(inner.items), [...segments, 0], walk);
    if (!items.shape) return { schema: node };
    return {
      schema: rewrap({ ...inner, items: items.schema }),
      shape: { type: 'array', items: items.shape },
    };
  }
  if (inner.type !== 'object' && !('properties' in inner)) return { schema: node };

  walk.known.set(pattern, { kind: 'container' });
  const properties = schemaAt(inner.properties);
  const required = Array.isArray(inner.required) ? (inner.required as string[]) : [];
  const grounded = new Map<string, GroundedField>();
  const children = new Map<string, GroundingShape>();
  const rewritten: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(properties)) {
    const leaf = groundLeaf(schemaAt(child), [...segments, key], !required.includes(key), walk);
    if (leaf !== undefined) {
      if (leaf) grounded.set(key, leaf);
      rewritten[key] = child;
      continue;
    }
    const sub = visit(schemaAt(child), [...segments, key], walk);
    rewritten[key] = sub.schema;
    if (sub.shape) children.set(key, sub.shape);
  }
  if (grounded.size === 0 && children.size === 0) return { schema: node };
  if (grounded.size > 0 && EVIDENCE_KEY in properties) {
    walk.problems.push(
      `${pattern === '' ? '(root)' : pattern}: the output schema has its own "${EVIDENCE_KEY}" property, which grounding needs for evidence`,
    );
  }
  const augmented =
    grounded.size === 0
      ? { ...inner, properties: rewritten }
      : {
          ...inner,
          properties: { [EVIDENCE_KEY]: evidenceSchema(grounded), ...rewritten },
          required: [EVIDENCE_KEY, ...required],
        };
  return { schema: rewrap(augmented), shape: { type: 'object', grounded, children } };
}

/** A grounded leaf, `null` for a leaf that is not grounded, `undefined` for an object or array. */
function groundLeaf(
  node: JsonSchema,
  segments: readonly PropertyKey[],
  optional: boolean,
  walk: Walk,
): GroundedField | null | undefined {
  const { node: inner, nullable } = unwrapNullable(node);
  const kind = leafKind(inner);
  if (kind === undefined) return undefined;
  const pattern = patternOf(segments);
  const enumValues = kind === 'enum' ? (inner.enum as string[]) : [];
  walk.known.set(pattern, { kind, enumValues });
  const settings = fieldSettings(walk.config, pattern);
  if (settings.mode === 'off' || kind === 'ungroundable') return null;
  const field: GroundedField = {
    pattern,
    kind: kind === 'enum' ? 'enum' : (settings.kind ?? kind),
    mode: settings.mode,
    nullable: nullable || optional,
    enumValues,
    labels: settings.labels ?? {},
    ...(settings.cues ? { cues: settings.cues } : {}),
    ...(settings.dateOrder ? { dateOrder: settings.dateOrder } : {}),
    ...(settings.reviewBelow !== undefined ? { reviewBelow: settings.reviewBelow } : {}),
  };
  walk.fields.push(field);
  return field;
}

/** `['lines', 0, 'sku']` → `lines[].sku`. */
function patternOf(segments: readonly PropertyKey[]): string {
  return normalizePath(formatPath(segments));
}
