import { describe, expect, it } from 'vitest';
import { DlqReason } from './dlq-reason';
import { DlqReasonLabel, dlqReasonLabel, reasonMatches } from './dlq-reason-label';
import { fingerprint } from './fingerprint';

describe('dlqReasonLabel', () => {
  it('names a categorised refusal refused:<category>, every other reason by its kind', () => {
    expect(dlqReasonLabel({ kind: 'refused', refusalCategory: 'cyber' })).toBe('refused:cyber');
    expect(dlqReasonLabel({ kind: 'refused' })).toBe('refused');
    expect(dlqReasonLabel({ kind: 'validation_exhausted' })).toBe('validation_exhausted');
  });

  it('lets a kind select every reason of that kind and a label only its own', () => {
    const cyber = { kind: 'refused', refusalCategory: 'cyber' } as const;
    expect(reasonMatches(cyber, 'refused')).toBe(true);
    expect(reasonMatches(cyber, 'refused:cyber')).toBe(true);
    expect(reasonMatches(cyber, 'refused:bio')).toBe(false);
    expect(reasonMatches({ kind: 'refused' }, 'refused:cyber')).toBe(false);
    expect(reasonMatches({ kind: 'no_progress' }, 'no_progress')).toBe(true);
  });

  it('is a bounded set: the kinds and one label per category', () => {
    expect(DlqReasonLabel.options).toContain('refused:reasoning_extraction');
    expect(DlqReasonLabel.options).toContain('refused:other');
    expect(DlqReasonLabel.safeParse('refused:anything').success).toBe(false);
  });

  it('keeps refusals of different categories in different fingerprint groups', () => {
    const signatures = ['parse::refusal'];
    expect(fingerprint({ reason: 'refused:cyber', signatures })).not.toBe(
      fingerprint({ reason: 'refused:bio', signatures }),
    );
  });

  it('reads a stored reason with or without a category, and refuses an unknown category', () => {
    expect(DlqReason.parse({ kind: 'refused', message: 'm', refusalCategory: 'bio' })).toEqual({
      kind: 'refused',
      message: 'm',
      refusalCategory: 'bio',
    });
    expect(DlqReason.parse({ kind: 'stalled', message: 'm' })).toEqual({ kind: 'stalled', message: 'm' });
    expect(DlqReason.safeParse({ kind: 'refused', message: 'm', refusalCategory: 'weather' }).success).toBe(
      false,
    );
  });
});
