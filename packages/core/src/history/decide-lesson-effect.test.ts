import { describe, expect, it } from 'vitest';
import { decideLessonEffect, lessonEffectDefaults } from './decide-lesson-effect';
import type { LessonEffectCounts, LessonRetirement } from './lesson-effect';

const counts = (
  shownJobs: number,
  shownErrors: number,
  notShownJobs: number,
  notShownErrors: number,
): LessonEffectCounts => ({ shownJobs, shownErrors, notShownJobs, notShownErrors });

const retired = (notShownRate: number, shownRate = notShownRate): LessonRetirement => ({
  at: Date.UTC(2026, 0, 1),
  shownRate,
  notShownRate,
});

describe('decideLessonEffect (an active lesson)', () => {
  it('keeps a lesson whose shown rate is lower than its not-shown rate by more than the margin', () => {
    expect(decideLessonEffect({ counts: counts(50, 5, 40, 20), retired: null })).toEqual({
      kind: 'keep',
      state: 'active',
      shownRate: 0.1,
      notShownRate: 0.5,
    });
  });

  it('retires a lesson whose jobs make its error as often as jobs not shown it', () => {
    expect(decideLessonEffect({ counts: counts(60, 30, 40, 20), retired: null })).toEqual({
      kind: 'retire',
      shownRate: 0.5,
      notShownRate: 0.5,
    });
  });

  it('retires a lesson that makes its error more frequent', () => {
    expect(decideLessonEffect({ counts: counts(50, 40, 20, 4), retired: null })).toMatchObject({
      kind: 'retire',
      shownRate: 0.8,
      notShownRate: 0.2,
    });
  });

  it('retires a lesson that lowers the rate by less than the relative margin, keeps one just past it', () => {
    // 0.5 × (1 − 0.1) = 0.45: 0.46 is not low enough, 0.44 is.
    expect(decideLessonEffect({ counts: counts(100, 46, 100, 50), retired: null }).kind).toBe('retire');
    expect(decideLessonEffect({ counts: counts(100, 44, 100, 50), retired: null }).kind).toBe('keep');
    expect(decideLessonEffect({ counts: counts(100, 46, 100, 50), retired: null, margin: 0 }).kind).toBe(
      'keep',
    );
  });

  it('retires a lesson whose error no job makes any more, shown or not', () => {
    expect(decideLessonEffect({ counts: counts(80, 0, 30, 0), retired: null })).toEqual({
      kind: 'retire',
      shownRate: 0,
      notShownRate: 0,
    });
  });

  it('waits for the minimum of shown jobs and of jobs not shown, in whole jobs', () => {
    const { minShownJobs, minNotShownJobs } = lessonEffectDefaults;
    expect(decideLessonEffect({ counts: counts(minShownJobs - 1, 40, 40, 20), retired: null })).toEqual({
      kind: 'not_enough_evidence',
      state: 'active',
      shownJobs: minShownJobs - 1,
      notShownJobs: 40,
    });
    expect(
      decideLessonEffect({ counts: counts(60, 30, minNotShownJobs - 1, 10), retired: null }),
    ).toMatchObject({ kind: 'not_enough_evidence', notShownJobs: minNotShownJobs - 1 });
    // Decayed counts are rounded: 49.6 jobs are 50, 49.4 are 49.
    expect(decideLessonEffect({ counts: counts(49.6, 30, 40, 20), retired: null }).kind).toBe('retire');
    expect(decideLessonEffect({ counts: counts(49.4, 30, 40, 20), retired: null }).kind).toBe(
      'not_enough_evidence',
    );
    expect(decideLessonEffect({ counts: counts(0, 0, 0, 0), retired: null })).toEqual({
      kind: 'not_enough_evidence',
      state: 'active',
      shownJobs: 0,
      notShownJobs: 0,
    });
  });

  it('takes its evidence and margin from options', () => {
    const low = { minShownJobs: 3, minNotShownJobs: 1 };
    expect(decideLessonEffect({ counts: counts(3, 3, 1, 1), retired: null, ...low })).toEqual({
      kind: 'retire',
      shownRate: 1,
      notShownRate: 1,
    });
    expect(decideLessonEffect({ counts: counts(3, 0, 1, 1), retired: null, ...low }).kind).toBe('keep');
    expect(decideLessonEffect({ counts: counts(2, 2, 1, 1), retired: null, ...low }).kind).toBe(
      'not_enough_evidence',
    );
  });

  it('counts bad numbers as none and keeps rates within 0 and 1', () => {
    expect(
      decideLessonEffect({ counts: counts(Number.NaN, 3, 40, 20), retired: null, minShownJobs: 0 }),
    ).toMatchObject({ kind: 'not_enough_evidence', shownJobs: 0 });
    expect(decideLessonEffect({ counts: counts(-5, -1, 40, 20), retired: null })).toMatchObject({
      kind: 'not_enough_evidence',
      shownJobs: 0,
    });
    // Errors a little over their jobs (counts decay at slightly different times) read as a rate of 1.
    expect(decideLessonEffect({ counts: counts(50, 50.01, 40, 41), retired: null })).toEqual({
      kind: 'retire',
      shownRate: 1,
      notShownRate: 1,
    });
    expect(
      decideLessonEffect({
        counts: counts(50, Number.POSITIVE_INFINITY, 40, 20),
        retired: null,
        margin: Number.NaN,
      }),
    ).toEqual({ kind: 'keep', state: 'active', shownRate: 0, notShownRate: 0.5 });
  });
});

describe('decideLessonEffect (a retired lesson)', () => {
  it('restores a lesson once its rate without it rises above the rate it was retired on', () => {
    expect(decideLessonEffect({ counts: counts(0, 0, 40, 24), retired: retired(0.5) })).toEqual({
      kind: 'restore',
      notShownRate: 0.6,
      retiredNotShownRate: 0.5,
    });
  });

  it('keeps it retired while the rate stays within the margin of that rate, or falls', () => {
    // 0.5 × (1 + 0.1) = 0.55.
    expect(decideLessonEffect({ counts: counts(0, 0, 40, 22), retired: retired(0.5) })).toEqual({
      kind: 'keep',
      state: 'retired',
      shownRate: null,
      notShownRate: 0.55,
    });
    expect(decideLessonEffect({ counts: counts(0, 0, 40, 4), retired: retired(0.5) }).kind).toBe('keep');
    expect(decideLessonEffect({ counts: counts(0, 0, 40, 40), retired: retired(1) }).kind).toBe('keep');
  });

  it('restores one retired when nobody made its error as soon as somebody does', () => {
    expect(decideLessonEffect({ counts: counts(0, 0, 20, 1), retired: retired(0) })).toEqual({
      kind: 'restore',
      notShownRate: 0.05,
      retiredNotShownRate: 0,
    });
  });

  it('waits for the minimum of jobs since its retirement', () => {
    expect(decideLessonEffect({ counts: counts(0, 0, 19, 19), retired: retired(0.1) })).toEqual({
      kind: 'not_enough_evidence',
      state: 'retired',
      shownJobs: 0,
      notShownJobs: 19,
    });
    expect(
      decideLessonEffect({ counts: counts(0, 0, 2, 2), retired: retired(0.1), minNotShownJobs: 2 }).kind,
    ).toBe('restore');
  });
});
