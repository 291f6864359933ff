import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { jobDataJsonSchema } from './job-data-json-schema';

describe('docs/job-data.schema.json', () => {
  it('is what `pnpm --filter @quarry/queue schema:write` generates from the JobData schema', async () => {
    const committed = JSON.parse(
      await readFile(new URL('../../../docs/job-data.schema.json', import.meta.url), 'utf8'),
    ) as unknown;
    expect(committed).toEqual(jobDataJsonSchema());
  });

  it('publishes the budget limits a job may set', () => {
    const budget = (jobDataJsonSchema().properties as Record<string, Record<string, unknown>>).budget;
    expect(budget).toMatchObject({
      additionalProperties: false,
      properties: {
        maxTokens: { type: 'integer', exclusiveMinimum: 0, maximum: 100_000_000 },
        maxCostUsd: { type: 'number', exclusiveMinimum: 0, maximum: 1000 },
      },
    });
  });

  it('requires workflow and input and forbids unknown fields', () => {
    const schema = jobDataJsonSchema();
    expect(schema.required).toEqual(['workflow', 'input']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('publishes the lane and the deadline', () => {
    const properties = jobDataJsonSchema().properties as Record<string, Record<string, unknown>>;
    expect(properties.lane).toMatchObject({ enum: ['realtime', 'batch'] });
    expect(properties.deadline).toMatchObject({ type: 'string', format: 'date-time' });
  });

  it('publishes the evaluation object, strict, with its rules as patterns', () => {
    const properties = jobDataJsonSchema().properties as Record<string, Record<string, unknown>>;
    expect(properties.evaluation).toMatchObject({
      type: 'object',
      required: ['runId', 'itemId'],
      additionalProperties: false,
      properties: {
        runId: { minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]*$' },
        itemId: { minLength: 1, maxLength: 128 },
        lessons: { enum: ['on', 'off'], default: 'on' },
      },
    });
    const evaluation = properties.evaluation as { properties: Record<string, { pattern: string }> };
    const itemId = evaluation.properties.itemId;
    // The pattern means the same without the `u` flag, as JSON Schema validators in other languages read it.
    const printable = new RegExp(itemId?.pattern ?? '');
    expect(printable.test('invoice 7.pdf')).toBe(true);
    expect(printable.test('a\u001bb')).toBe(false);
    expect(printable.test('a\u202eb')).toBe(false);
  });

  it('publishes the document an input may carry, and nothing else of the input', () => {
    const input = (jobDataJsonSchema().properties as Record<string, Record<string, unknown>>).input;
    expect(input).not.toHaveProperty('type');
    expect(input).toMatchObject({
      properties: {
        document: {
          required: ['mediaType', 'source'],
          additionalProperties: false,
          properties: {
            mediaType: { enum: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'] },
          },
        },
      },
    });
    const properties = input?.properties as { document: { properties: { source: { oneOf: unknown[] } } } };
    const sources = properties.document.properties.source.oneOf;
    expect(sources).toEqual([
      expect.objectContaining({
        properties: expect.objectContaining({
          key: expect.objectContaining({ pattern: '^sha256:[0-9a-f]{64}$' }),
        }),
      }),
      expect.objectContaining({ required: ['type', 'url'] }),
      expect.objectContaining({ required: ['type', 'data'] }),
    ]);
  });
});
