import { describe, expect, it } from 'vitest';
import { nextEffort } from './next-effort';

describe('nextEffort', () => {
  it('raises one level at a time and says when the top is reached', () => {
    expect(nextEffort({ current: 'low', top: 'max' })).toEqual({ action: 'raise', effort: 'medium' });
    expect(nextEffort({ current: 'xhigh', top: 'max' })).toEqual({ action: 'raise', effort: 'max' });
    expect(nextEffort({ current: 'medium', top: 'medium' })).toEqual({ action: 'top', effort: 'medium' });
    expect(nextEffort({ current: 'high', top: 'medium' })).toEqual({ action: 'top', effort: 'medium' });
  });
});
