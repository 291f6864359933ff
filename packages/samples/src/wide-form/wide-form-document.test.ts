import { countStructuredOutputParameters, structuredOutputLimits } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { GeneratorOptionsError } from '../generator-options-error';
import { wideFormDocument } from './wide-form-document';

type ObjectSchema = {
  properties: Record<string, { type: string | string[]; enum?: string[] }>;
  required: string[];
};

describe('wideFormDocument', () => {
  const form = wideFormDocument();

  it('holds 330 fields in 30 sections, every property required', () => {
    const schema = form.outputJsonSchema as unknown as ObjectSchema & {
      properties: Record<string, ObjectSchema>;
    };
    expect(Object.keys(schema.properties)).toHaveLength(30);
    expect(schema.required).toEqual(Object.keys(schema.properties));
    const fields = Object.values(schema.properties).flatMap((section) => {
      expect(section.required).toEqual(Object.keys(section.properties));
      return Object.values(section.properties);
    });
    expect(fields).toHaveLength(330);
    expect(fields.filter((field) => field.enum !== undefined).length).toBeGreaterThan(0);
    expect(fields.filter((field) => field.type === 'number').length).toBeGreaterThan(0);
  });

  it('is over the structured-output limit on union-typed properties, with no optional one', () => {
    const counts = countStructuredOutputParameters(form.outputJsonSchema);
    expect(counts).toEqual({ optionalParameters: 0, unionParameters: 120 });
    expect(counts.unionParameters).toBeGreaterThan(structuredOutputLimits.maxUnionParameters);
  });

  it('has a truth that fits its schema, with nulls only where the schema allows them, every value printed', () => {
    const schema = form.outputJsonSchema as unknown as { properties: Record<string, ObjectSchema> };
    let nulls = 0;
    for (const [sectionKey, section] of Object.entries(form.truth)) {
      const sectionSchema = schema.properties[sectionKey];
      expect(Object.keys(section)).toEqual(Object.keys(sectionSchema?.properties ?? {}));
      for (const [key, value] of Object.entries(section)) {
        const field = sectionSchema?.properties[key];
        const types = ([] as string[]).concat(field?.type ?? []);
        if (value === null) {
          nulls++;
          expect(types).toContain('null');
        } else {
          expect(types).toContain(typeof value);
          if (field?.enum) expect(field.enum).toContain(value);
          const printed =
            typeof value === 'number'
              ? value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
              : value;
          expect(form.text).toContain(`: ${printed}\n`);
        }
      }
    }
    expect(nulls).toBeGreaterThan(0);
  });

  it('is the same for the same seed and takes other sizes', () => {
    expect(wideFormDocument({ seed: 3 })).toEqual(wideFormDocument({ seed: 3 }));
    expect(wideFormDocument({ seed: 3 }).text).not.toBe(wideFormDocument({ seed: 4 }).text);
    const small = wideFormDocument({ sections: 2, fieldsPerSection: 3 });
    expect(Object.keys(small.truth)).toEqual(['section01', 'section02']);
    expect(Object.keys(small.truth.section01 ?? {})).toEqual(['field01', 'field02', 'field03']);
  });

  it.each([
    [{ sections: 0 }, 'sections: must be from 1 to 99, got 0'],
    [{ fieldsPerSection: 100 }, 'fieldsPerSection: must be from 1 to 99, got 100'],
    [{ sections: 1.5 }, 'sections: must be a whole number, got 1.5'],
    [{ seed: Number.POSITIVE_INFINITY }, 'seed: must be a whole number, got a number'],
  ])('refuses %o', (options, message) => {
    expect(() => wideFormDocument(options)).toThrow(GeneratorOptionsError);
    expect(() => wideFormDocument(options)).toThrow(message);
  });
});
