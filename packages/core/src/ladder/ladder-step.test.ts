import { describe, expect, it } from 'vitest';
import type { AttemptRecord } from '../attempts/attempt-record';
import type { Issue } from '../issues/issue';
import { emptyUsage } from '../model/usage';
import type { EffortPlan } from '../models/effort-plan';
import type { Effort } from '../models/model-spec';
import { type LadderStepOptions, ladderStep } from './ladder-step';
import { rungOf } from './rung-of';

const fixed: EffortPlan = { kind: 'fixed', effort: 'medium' };
const rungs = [
  { modelId: 'cheap', effortPlan: fixed },
  { modelId: 'strong', effortPlan: fixed },
];

const issue = (path: string): Issue => ({
  source: 'schema',
  path,
  code: 'invalid_type',
  message: `${path} is wrong`,
});

let n = 0;
function attempt(model: string, output: string, paths: string[], effort: Effort = 'medium'): AttemptRecord {
  n += 1;
  return {
    n,
    startedAt: '2026-11-24T00:00:00.000Z',
    durationMs: 1,
    model,
    strategy: 'structured',
    maxTokens: 100,
    stopReason: 'end_turn',
    requestId: null,
    rawOutput: output,
    rawOutputTruncated: false,
    toolCallId: null,
    issues: paths.map(issue),
    usage: emptyUsage(),
    costUsd: 0,
    effort,
  };
}

const step = (records: AttemptRecord[], options: Partial<LadderStepOptions> = {}) =>
  ladderStep({ rungs, records, attemptsPerModel: 2, stopOnNoProgress: true, ...options });

describe('ladderStep', () => {
  it('starts on the first rung and stays while the allowance lasts and the issues are new', () => {
    expect(step([])).toEqual({ action: 'stay', rung: 0 });
    expect(step([attempt('cheap', 'a', ['total'])])).toEqual({ action: 'stay', rung: 0 });
    expect(
      step([attempt('cheap', 'a', ['total']), attempt('cheap', 'b', ['date'])], { attemptsPerModel: 3 }),
    ).toEqual({ action: 'stay', rung: 0 });
  });

  it('climbs on no progress, on a repeated signature, and when the rung is spent', () => {
    expect(step([attempt('cheap', 'a', ['total']), attempt('cheap', 'a', ['total'])])).toEqual({
      action: 'climb',
      rung: 1,
      reason: 'no_progress',
    });
    expect(
      step([attempt('cheap', 'a', ['total']), attempt('cheap', 'b', ['total'])], { attemptsPerModel: 5 }),
    ).toEqual({ action: 'climb', rung: 1, reason: 'repeated_issue' });
    expect(step([attempt('cheap', 'a', ['total']), attempt('cheap', 'b', ['date'])])).toEqual({
      action: 'climb',
      rung: 1,
      reason: 'rung_spent',
    });
  });

  it('lets the effort ladder rise before a repeated signature moves the model', () => {
    const ladder = { kind: 'ladder', start: 'low', top: 'high' } as const;
    const effortRungs = [{ modelId: 'cheap', effortPlan: ladder }, rungs[1] as (typeof rungs)[1]];
    const records = [attempt('cheap', 'a', ['total'], 'low'), attempt('cheap', 'b', ['total'], 'medium')];
    expect(step(records, { rungs: effortRungs, attemptsPerModel: 5 })).toEqual({ action: 'stay', rung: 0 });
    records.push(attempt('cheap', 'c', ['total'], 'high'));
    expect(step(records, { rungs: effortRungs, attemptsPerModel: 5 })).toEqual({
      action: 'climb',
      rung: 1,
      reason: 'repeated_issue',
    });
  });

  it('on the top rung stays, or stops on no progress when told to', () => {
    const top = [
      attempt('cheap', 'a', ['total']),
      attempt('strong', 'b', ['date']),
      attempt('strong', 'b', ['date']),
    ];
    expect(step(top.slice(0, 2))).toEqual({ action: 'stay', rung: 1 });
    expect(step(top)).toEqual({ action: 'stop', rung: 1 });
    expect(step(top, { stopOnNoProgress: false })).toEqual({ action: 'stay', rung: 1 });
  });
});

describe('rungOf', () => {
  it('matches the model asked, a snapshot of it, or the model a fallback answered for', () => {
    const ladder = ['claude-haiku-5-5', 'claude-sonnet-5-5'];
    expect(rungOf({ model: 'claude-sonnet-5-5-20261001' }, ladder)).toBe(1);
    expect(rungOf({ model: 'claude-opus-5-5', fallbackFrom: 'claude-sonnet-5-5' }, ladder)).toBe(1);
    expect(rungOf({ model: 'claude-sonnet-5-55' }, ladder)).toBe(0);
  });
});
