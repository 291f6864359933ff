import { describe, expect, it } from 'vitest';
import { defaultModelTable } from './default-model-table';
import { effortForAttempt } from './effort-for-attempt';
import { effortPlanOf } from './effort-plan';
import { modelSpecOf } from './model-spec-of';

const spec = (model: string) => modelSpecOf(model, defaultModelTable);

describe('effortPlanOf', () => {
  it("takes the model's default effort from the table", () => {
    expect(effortPlanOf({ spec: spec('claude-haiku-5-5') })).toEqual({ kind: 'fixed', effort: 'medium' });
    expect(effortPlanOf({ spec: spec('claude-sonnet-5-5') })).toEqual({ kind: 'fixed', effort: 'high' });
  });

  it('sends no effort to a model without a default effort or outside the table, whatever was asked', () => {
    expect(effortPlanOf({ spec: spec('claude-sonnet-4-5-20250929'), job: 'low' })).toEqual({ kind: 'none' });
    expect(effortPlanOf({ spec: spec('claude-haiku-4-5'), workflow: { start: 'low' } })).toEqual({
      kind: 'none',
    });
    expect(effortPlanOf({ spec: null, workflow: 'max' })).toEqual({ kind: 'none' });
  });

  it("lets the job's level win over the workflow's level or ladder", () => {
    const haiku = spec('claude-haiku-5-5');
    expect(effortPlanOf({ spec: haiku, workflow: 'low' })).toEqual({ kind: 'fixed', effort: 'low' });
    expect(effortPlanOf({ spec: haiku, workflow: { start: 'low' }, job: 'high' })).toEqual({
      kind: 'fixed',
      effort: 'high',
    });
  });

  it("climbs a ladder from its start to the model's default, or stays at a start above it", () => {
    expect(effortPlanOf({ spec: spec('claude-sonnet-5-5'), workflow: { start: 'low' } })).toEqual({
      kind: 'ladder',
      start: 'low',
      top: 'high',
    });
    expect(effortPlanOf({ spec: spec('claude-haiku-5-5'), workflow: { start: 'xhigh' } })).toEqual({
      kind: 'ladder',
      start: 'xhigh',
      top: 'xhigh',
    });
  });
});

describe('effortForAttempt', () => {
  const ladder = { kind: 'ladder', start: 'low', top: 'high' } as const;

  it('starts a ladder low and raises it one level per failed attempt, then stays at the top', () => {
    expect(effortForAttempt(ladder, null)).toBe('low');
    expect(effortForAttempt(ladder, { effort: 'low' })).toBe('medium');
    expect(effortForAttempt(ladder, { effort: 'medium' })).toBe('high');
    expect(effortForAttempt(ladder, { effort: 'high' })).toBe('high');
    expect(effortForAttempt(ladder, { effort: 'max' })).toBe('high');
  });

  it('starts again from the bottom after an attempt stored without an effort', () => {
    expect(effortForAttempt(ladder, {})).toBe('low');
    expect(effortForAttempt(ladder, { effort: null })).toBe('low');
  });

  it('keeps a fixed level and sends none for `none`', () => {
    expect(effortForAttempt({ kind: 'fixed', effort: 'medium' }, { effort: 'medium' })).toBe('medium');
    expect(effortForAttempt({ kind: 'none' }, null)).toBeNull();
  });
});
