import { describe, expect, it } from 'vitest';
import type { GroundingSetting } from '../grounding/grounding-config';
import { GroundingConfigError } from '../grounding/grounding-config-error';
import type { EffortSetting } from '../models/effort-setting';
import { receiptWorkflow } from '../test-fixtures/receipt-workflow';

describe('defineWorkflow', () => {
  it('accepts an effort level or a ladder, and up to three fallback models', () => {
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

  it('accepts a lane and names a bad one', () => {
    expect(receiptWorkflow({ lane: 'batch' }).lane).toBe('batch');
    expect(() => receiptWorkflow({ lane: 'slow' as 'batch' })).toThrow(
      'Workflow receipt: lane must be realtime or batch, got "slow"',
    );
  });

  it('accepts a grounding setting and names each problem of a bad one', () => {
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
});
