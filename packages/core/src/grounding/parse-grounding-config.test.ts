import { describe, expect, it } from 'vitest';
import { GroundingConfigError } from './grounding-config-error';
import { parseGroundingConfig } from './parse-grounding-config';

function problemsOf(setting: unknown): readonly string[] {
  try {
    // biome-ignore lint/suspicious/noExplicitAny: deliberately bad input
    parseGroundingConfig(setting as any);
  } catch (error) {
    expect(error).toBeInstanceOf(GroundingConfigError);
    expect((error as GroundingConfigError).name).toBe('GroundingConfigError');
    return (error as GroundingConfigError).problems;
  }
  throw new Error('expected a GroundingConfigError');
}

describe('parseGroundingConfig', () => {
  it('reads a bare mode, an object, and nothing as off', () => {
    expect(parseGroundingConfig(undefined)).toEqual({ mode: 'off', fields: {} });
    expect(parseGroundingConfig('require')).toEqual({ mode: 'require', fields: {} });
    expect(
      parseGroundingConfig({ mode: 'check', dateOrder: 'day-first', fields: { total: { mode: 'off' } } }),
    ).toEqual({ mode: 'check', dateOrder: 'day-first', fields: { total: { mode: 'off' } } });
  });

  it('names each bad value and where it is', () => {
    expect(problemsOf('sometimes')).toEqual([
      "grounding: expected 'off', 'check', 'require' or { mode, fields }",
    ]);
    expect(
      problemsOf({
        mode: 'strict',
        reviewBelow: 2,
        fields: { 'lines[].sku': { mode: 'on', reviewBellow: 0.5 }, status: { labels: { paid: [] } } },
      }),
    ).toMatchInlineSnapshot(`
      [
        "grounding.mode: Invalid option: expected one of "off"|"check"|"require"",
        "grounding.reviewBelow: Too big: expected number to be <=1",
        "grounding.fields["lines[].sku"].mode: Invalid option: expected one of "off"|"check"|"require"",
        "grounding.fields["lines[].sku"]: Unrecognized key: "reviewBellow"",
        "grounding.fields.status.labels.paid: Too small: expected array to have >=1 items",
      ]
    `);
  });
});
