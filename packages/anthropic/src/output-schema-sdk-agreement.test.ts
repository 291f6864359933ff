import { transformJSONSchema } from '@anthropic-ai/sdk/lib/transform-json-schema';
import { toOutputJsonSchema } from '@quarry/core';
import { defaultRegistry } from '@quarry/workflows';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

type Node = Record<string, unknown>;

/**
 * Ours minus what we knowingly do differently from the SDK's transform: we keep a `pattern` the API
 * enforces (the SDK moves every pattern into the description), and we keep `type` beside `enum` and `const`.
 */
function comparable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(comparable);
  if (node === null || typeof node !== 'object') return node;
  const out: Node = {};
  const object = node as Node;
  for (const key of Object.keys(object).sort()) {
    if (key === 'pattern') continue;
    if (key === 'type' && ('enum' in object || 'const' in object)) continue;
    if (key === 'description' && typeof object[key] === 'string') {
      out[key] = (object[key] as string).replace(/\n\n\{pattern: "[^\n]*"\}$/, '');
      continue;
    }
    out[key] = comparable(object[key]);
  }
  return out;
}

describe('the output JSON Schema against the SDK transform (@anthropic-ai/sdk/lib/transform-json-schema)', () => {
  const schemas: [string, z.ZodType][] = [
    ...defaultRegistry()
      .list()
      .map((w): [string, z.ZodType] => [`${w.name}@${w.version}`, w.output]),
    [
      'unions, tuples of objects, optional and nullable fields',
      z.object({
        kind: z.union([z.literal('a'), z.literal('b')]),
        note: z.string().nullable(),
        maybe: z.number().optional(),
        items: z.array(z.object({ id: z.string().uuid(), at: z.iso.datetime() })).min(1),
      }),
    ],
  ];

  it.each(schemas)(
    '%s: what we send is a fixed point of the SDK transform, but for the patterns we keep',
    (_, schema) => {
      const ours = toOutputJsonSchema(schema);
      expect(comparable(transformJSONSchema(ours))).toEqual(comparable(ours));
    },
  );

  it('fails the comparison when a schema keeps a constraint the API rejects', () => {
    const ours = {
      type: 'object',
      properties: { n: { type: 'number', minimum: 1 } },
      additionalProperties: false,
    };
    expect(comparable(transformJSONSchema(ours))).not.toEqual(comparable(ours));
  });
});
