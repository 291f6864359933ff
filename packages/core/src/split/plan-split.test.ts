import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultModelTable } from '../models/default-model-table';
import { ModelSpec, platformContextWindow } from '../models/model-spec';
import { toOutputJsonSchema } from '../schema/to-output-json-schema';
import { Invoice, invoiceUnits, wideSchema } from '../test-fixtures/invoice-schema';
import { planPageWindows } from './plan-page-windows';
import { type PlanSplitOptions, planSplit, splitEstimates } from './plan-split';
import { SplitInputError } from './split-input-error';
import { resolveSplitSetting, type SplitSetting } from './split-setting';

const plain = toOutputJsonSchema(z.object({ title: z.string(), date: z.string() }));
const table = toOutputJsonSchema(Invoice);
const model = { maxPdfPages: 100, contextTokens: 200_000, maxOutputTokens: 16_000 };

function plan(options: {
  setting?: SplitSetting;
  schema?: Record<string, unknown>;
  pages: number | null;
  tokens?: number;
  model?: Partial<PlanSplitOptions['model']>;
}) {
  return planSplit({
    setting: resolveSplitSetting(options.setting),
    outputJsonSchema: options.schema ?? plain,
    document: { pages: options.pages, tokens: options.tokens ?? 1_000 },
    model: { ...model, ...options.model },
  });
}

describe('planSplit', () => {
  it('runs a document one request holds whole', () => {
    expect(plan({ pages: 20, tokens: 60_000 })).toEqual({ kind: 'whole' });
    expect(plan({ pages: null, tokens: 1_600 })).toEqual({ kind: 'whole' });
    expect(plan({ schema: table, pages: 10, tokens: 26_000 })).toEqual({ kind: 'whole' });
  });

  it("never splits with 'off'", () => {
    expect(
      plan({ setting: 'off', pages: 500, tokens: 2_000_000, schema: toOutputJsonSchema(wideSchema(40)) }),
    ).toEqual({ kind: 'whole' });
  });

  it('splits pages past the model limit into windows of 10 sharing 1 page', () => {
    expect(plan({ pages: 150, tokens: 150_000 })).toEqual({
      kind: 'split',
      reasons: ['pages_over_model_limit'],
      windows: planPageWindows({ pages: 150, window: 10, overlap: 1 }),
      groups: [['title', 'date']],
    });
  });

  it('splits pages over 80 % of the context window', () => {
    expect(plan({ pages: 50, tokens: 160_000 })).toEqual({ kind: 'whole' });
    expect(plan({ pages: 50, tokens: 160_001 })).toMatchObject({
      kind: 'split',
      reasons: ['context_over_model_limit'],
    });
    expect(splitEstimates.contextShare * model.contextTokens).toBe(160_000);
  });

  it('splits pages when the expected answer is over max_tokens: 0.6 × the tokens for a table, else 2,000', () => {
    expect(plan({ schema: table, pages: 40, tokens: 40_000 })).toMatchObject({
      reasons: ['answer_over_max_tokens'],
      groups: [invoiceUnits],
    });
    expect(plan({ schema: plain, pages: 40, tokens: 40_000 })).toEqual({ kind: 'whole' });
    expect(plan({ schema: plain, pages: 40, model: { maxOutputTokens: 1_999 } })).toMatchObject({
      reasons: ['answer_over_max_tokens'],
    });
  });

  it('gives every reason that holds', () => {
    expect(plan({ schema: table, pages: 300, tokens: 900_000 })).toMatchObject({
      reasons: ['pages_over_model_limit', 'context_over_model_limit', 'answer_over_max_tokens'],
    });
  });

  it('splits any document longer than a forced window', () => {
    expect(plan({ setting: { pages: { window: 5, overlap: 0 } }, pages: 12 })).toEqual({
      kind: 'split',
      reasons: ['pages_set'],
      windows: planPageWindows({ pages: 12, window: 5, overlap: 0 }),
      groups: [['title', 'date']],
    });
    expect(plan({ setting: { pages: { window: 20 } }, pages: 12 })).toEqual({ kind: 'whole' });
    expect(plan({ setting: { pages: {} }, pages: 11 })).toEqual({ kind: 'whole' });
  });

  it('cannot split a document without pages, or of one window, by pages', () => {
    expect(plan({ pages: null, tokens: 500_000 })).toEqual({ kind: 'whole' });
    expect(plan({ pages: 1, tokens: 500_000 })).toEqual({ kind: 'whole' });
  });

  it('splits fields given as groups, over the whole document', () => {
    expect(plan({ setting: { fields: [['lineItems']] }, schema: table, pages: 7 })).toEqual({
      kind: 'split',
      reasons: ['fields_set'],
      windows: [{ index: 0, firstPage: 1, lastPage: 7 }],
      groups: [['lineItems'], invoiceUnits.filter((unit) => unit !== 'lineItems')],
    });
    expect(plan({ setting: { fields: [['title']] }, pages: null })).toMatchObject({
      windows: [{ index: 0, firstPage: 1, lastPage: 1 }],
      groups: [['title'], ['date']],
    });
  });

  it('splits fields of a schema over the structured output limits, and pages and fields together', () => {
    const wide = toOutputJsonSchema(wideSchema(30));
    expect(plan({ schema: wide, pages: 3 })).toMatchObject({
      reasons: ['schema_over_structured_output_limits'],
      windows: [{ index: 0, firstPage: 1, lastPage: 3 }],
      groups: [expect.any(Array), expect.any(Array)],
    });
    const both = plan({ schema: wide, pages: 250 });
    expect(both).toMatchObject({
      reasons: ['pages_over_model_limit', 'schema_over_structured_output_limits'],
    });
    expect(both.kind === 'split' && both.windows.length).toBe(28);
    const limits = { maxOptionalParameters: 100, maxUnionParameters: 100 };
    expect(
      planSplit({
        setting: resolveSplitSetting('auto'),
        outputJsonSchema: wide,
        document: { pages: 3, tokens: 100 },
        model,
        limits,
      }),
    ).toEqual({ kind: 'whole' });
  });

  it.each([
    [{ pages: 0, tokens: 1 }, model, 'document.pages'],
    [{ pages: 100_001, tokens: 1 }, model, 'document.pages'],
    [{ pages: 2.5, tokens: 1 }, model, 'document.pages'],
    [{ pages: 3, tokens: -1 }, model, 'document.tokens'],
    [{ pages: 3, tokens: Number.NaN }, model, 'document.tokens'],
    [{ pages: 3, tokens: 1 }, { ...model, maxPdfPages: 0 }, 'model.maxPdfPages'],
    [{ pages: 3, tokens: 1 }, { ...model, contextTokens: '200000' }, 'model.contextTokens'],
    [
      { pages: 3, tokens: 1 },
      { ...model, maxOutputTokens: Number.POSITIVE_INFINITY },
      'model.maxOutputTokens',
    ],
  ])('names a bad figure (%j, %j)', (document, badModel, where) => {
    const run = () =>
      planSplit({
        setting: resolveSplitSetting('auto'),
        outputJsonSchema: plain,
        document: document as PlanSplitOptions['document'],
        model: badModel as PlanSplitOptions['model'],
      });
    expect(run).toThrow(SplitInputError);
    expect(run).toThrow(`Invalid split input: ${where}:`);
  });
});

describe('ModelSpec.contextTokens', () => {
  it('defaults to the platform context window, with its source', () => {
    const { contextTokens: _contextTokens, ...entry } = defaultModelTable['claude-haiku-5-5'] ?? {};
    expect(ModelSpec.parse(entry).contextTokens).toBe(200_000);
    expect(platformContextWindow.source.url).toBe(
      'https://platform.claude.com/docs/en/build-with-claude/context-windows',
    );
    expect(Object.values(defaultModelTable).every((spec) => spec.contextTokens === 200_000)).toBe(true);
  });

  it.each([0, 1.5, 100_000_001, '200000'])('names a bad context window (%j)', (contextTokens) => {
    const parsed = ModelSpec.safeParse({ ...defaultModelTable['claude-haiku-5-5'], contextTokens });
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: ['contextTokens'],
        message: 'a whole number of tokens from 1 to 100000000',
      }),
    ]);
  });
});
