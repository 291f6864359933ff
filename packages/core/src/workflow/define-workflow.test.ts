import { describe, expect, it } from 'vitest';
import type { GroundingSetting } from '../grounding/grounding-config';
import { GroundingConfigError } from '../grounding/grounding-config-error';
import type { EffortSetting } from '../models/effort-setting';
import type { SplitSetting } from '../split/split-setting';
import { receiptDocument, receiptWorkflow, validReceipt } from '../test-fixtures/receipt-workflow';
import { WorkflowExampleError } from './workflow-example-error';

describe('defineWorkflow', () => {
  it('row 82: a workflow effort or fallbacks that cannot be used -> accepts an effort level or a ladder, and up to three fallback models', () => {
    expect(receiptWorkflow({ effort: 'low' }).effort).toBe('low');
    expect(receiptWorkflow({ effort: { start: 'low' } }).effort).toEqual({ start: 'low' });
    expect(receiptWorkflow({ fallbacks: ['a', 'b', 'c'] }).fallbacks).toEqual(['a', 'b', 'c']);
  });

  it.each([
    ['extreme', '"extreme"'],
    [{ start: 'huge' }, '{"start":"huge"}'],
    [{ start: 'low', top: 'max' }, '{"start":"low","top":"max"}'],
  ])('names a bad effort (%j)', (effort, shown) => {
    expect(() => receiptWorkflow({ effort: effort as EffortSetting })).toThrow(
      `Workflow receipt: effort must be one of low, medium, high, xhigh, max, or { start: <one of them> }, got ${shown}`,
    );
  });

  it.each([[['a', 'b', 'c', 'd']], [['']], [[42]]])('names bad fallbacks (%j)', (fallbacks) => {
    expect(() => receiptWorkflow({ fallbacks: fallbacks as string[] })).toThrow(
      `Workflow receipt: fallbacks must be at most 3 non-empty model ids, got ${JSON.stringify(fallbacks)}`,
    );
  });

  it('accepts few-shot examples whose outputs match the output schema', () => {
    const examples = [{ text: receiptDocument, output: validReceipt }];
    expect(receiptWorkflow({ examples }).examples).toEqual(examples);
  });

  it('names the example and the path the output schema rejects', () => {
    const wrong = { ...validReceipt, items: [{ name: 'Coffee', price: -3.5 }] };
    const examples = [
      { text: receiptDocument, output: validReceipt },
      { text: receiptDocument, output: wrong },
    ];
    let caught: unknown;
    try {
      receiptWorkflow({ examples });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(WorkflowExampleError);
    expect(caught).toMatchObject({
      name: 'WorkflowExampleError',
      workflow: 'receipt',
      index: 1,
      path: 'output.items.0.price',
    });
    expect((caught as Error).message).toMatch(/^Workflow receipt: examples\[1\]\.output\.items\.0\.price: /);
  });

  it('row 125: a few-shot example the output schema rejects -> names an example without text, a missing field and too many examples', () => {
    expect(() => receiptWorkflow({ examples: [{ text: ' ', output: validReceipt }] })).toThrow(
      'Workflow receipt: examples[0].text: must be non-empty text',
    );
    const { total: _total, ...noTotal } = validReceipt;
    expect(() => receiptWorkflow({ examples: [{ text: receiptDocument, output: noTotal }] })).toThrow(
      /^Workflow receipt: examples\[0\]\.output\.total: /,
    );
    const many = Array.from({ length: 21 }, () => ({ text: receiptDocument, output: validReceipt }));
    expect(() => receiptWorkflow({ examples: many })).toThrow(
      'Workflow receipt: examples: must be a list of at most 20',
    );
  });

  it.each([0, 1.5, 2_000_000])('names a bad minCacheableTokens (%j)', (value) => {
    expect(() => receiptWorkflow({ minCacheableTokens: value })).toThrow(
      `Workflow receipt: minCacheableTokens must be a whole number of tokens from 1 to 1000000, got ${value}`,
    );
  });

  it('accepts a lane and names a bad one', () => {
    expect(receiptWorkflow({ lane: 'batch' }).lane).toBe('batch');
    expect(() => receiptWorkflow({ lane: 'slow' as 'batch' })).toThrow(
      'Workflow receipt: lane must be realtime or batch, got "slow"',
    );
  });

  it('accepts a history scope and names a bad one', () => {
    expect(receiptWorkflow({ historyScope: 'tenant' }).historyScope).toBe('tenant');
    expect(() => receiptWorkflow({ historyScope: 'customer' as 'tenant' })).toThrow(
      'Workflow receipt: historyScope must be workflow or tenant, got "customer"',
    );
  });

  it('accepts a BCP 47 locale and names a bad one', () => {
    expect(receiptWorkflow({ locale: 'de-CH' }).locale).toBe('de-CH');
    expect(receiptWorkflow({ locale: 'en-IN' }).locale).toBe('en-IN');
    for (const locale of ['de_DE', 'xx-YY', '', 'German']) {
      expect(() => receiptWorkflow({ locale })).toThrow(
        `Workflow receipt: locale must be a BCP 47 language tag of a known language, e.g. de-DE or en-US, got ${JSON.stringify(locale)}`,
      );
    }
    expect(() => receiptWorkflow({ locale: 'de-DE'.repeat(20) })).toThrow(
      'Workflow receipt: locale must be a BCP 47 language tag of at most 64 characters',
    );
  });

  it('row 105: a workflow grounding setting that is invalid -> accepts a grounding setting and names each problem of a bad one', () => {
    expect(receiptWorkflow({ grounding: 'require' }).grounding).toBe('require');
    const bad = { mode: 'always', fields: { total: { mode: 'on' } } } as unknown as GroundingSetting;
    expect(() => receiptWorkflow({ grounding: bad })).toThrow(GroundingConfigError);
    try {
      receiptWorkflow({ grounding: bad });
    } catch (error) {
      expect((error as GroundingConfigError).problems).toEqual([
        'Workflow receipt: grounding.mode: Invalid option: expected one of "off"|"check"|"require"',
        'Workflow receipt: grounding.fields.total.mode: Invalid option: expected one of "off"|"check"|"require"',
      ]);
    }
  });

  it('accepts a split setting whose paths the output schema holds', () => {
    const split: SplitSetting = {
      pages: { window: 5, overlap: 0 },
      fields: [
        ['merchant', 'date'],
        ['items', 'total'],
      ],
      arrayKeys: { items: ['name', 'price'] },
      merge: { total: 'max', 'items[].price': 'first' },
      onChildFailure: 'partial',
    };
    expect(receiptWorkflow({ split }).split).toEqual(split);
    expect(receiptWorkflow({ split: 'off' }).split).toBe('off');
  });

  it.each([
    [{ pages: { window: 0 } }, 'Workflow receipt: split.pages.window: a whole number from 1 to 1000'],
    [
      'never',
      "Workflow receipt: split: 'auto', 'off' or { pages, fields, arrayKeys, merge, onChildFailure }",
    ],
    [
      { fields: [['merchant'], ['merchant', 'totl']] },
      'Workflow receipt: split.fields[1][0]: "merchant" overlaps "merchant" of group 0; Workflow receipt: split.fields[1][1]: "totl" is not a property path of the output schema',
    ],
    [
      { arrayKeys: { items: ['sku'] } },
      'Workflow receipt: split.arrayKeys.items: the items of "items" have no field "sku"',
    ],
    [
      { merge: { 'items[].cost': 'max' } },
      'Workflow receipt: split.merge.items[].cost: "items[].cost" is not a path of the output schema',
    ],
  ])('names a bad split setting (%j)', (split, message) => {
    expect(() => receiptWorkflow({ split: split as never })).toThrow(new TypeError(message));
  });
});
