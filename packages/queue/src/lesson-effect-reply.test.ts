import { describe, expect, it } from 'vitest';
import { lessonCandidatesOf, lessonEffectsOf } from './lesson-effect-reply';

const hour = 3_600_000;
const now = Date.UTC(2026, 0, 1);
const decay = { now, halfLifeMs: hour };

describe('lesson effect replies', () => {
  it('decays counts from their ref and derives the jobs and errors of jobs not shown the lesson', () => {
    const reply = [
      String(now),
      String(now - hour),
      '10',
      'a',
      '4',
      '3',
      '1',
      '2',
      'ex',
      '4',
      '2',
      '6',
      '1',
      '',
    ];
    expect(lessonCandidatesOf(reply, decay)).toEqual([
      {
        lesson: { signature: 'a', score: 4, count: 3, firstSeen: 1, lastSeen: 2, example: 'ex' },
        // Stored an hour ago: halved. Not shown: 10 − 1 − 4 jobs, 6 − 2 errors.
        counts: { shownJobs: 2, shownErrors: 1, notShownJobs: 2.5, notShownErrors: 2 },
        retired: null,
      },
    ]);
  });

  it('reads damaged values as none: counts that are no numbers, a damaged mark, no ref', () => {
    const reply = [null, null, 'x', 'a', 'NaN', 'two', '1', '2', '', 'bad', '', '', 'Infinity', 'soon:x'];
    expect(lessonCandidatesOf(reply, decay)).toEqual([
      {
        lesson: { signature: 'a', score: 0, count: 0, firstSeen: 1, lastSeen: 2, example: '' },
        counts: { shownJobs: 0, shownErrors: 0, notShownJobs: 0, notShownErrors: 0 },
        retired: { at: 0, shownRate: 0, notShownRate: 0 },
      },
    ]);
    // A cut reply yields the whole candidates only; rates out of range are kept within 0 and 1.
    expect(lessonCandidatesOf([null, String(now), '1', 'a', '1'], decay)).toEqual([]);
    expect(lessonEffectsOf({ ref: String(now), t: '5', 'sj:a': '9', 'r:a': `${now}:7:-2` }, decay)).toEqual([
      {
        signature: 'a',
        state: 'retired',
        counts: { shownJobs: 9, shownErrors: 0, notShownJobs: 0, notShownErrors: 0 },
        retired: { at: now, shownRate: 1, notShownRate: 0 },
      },
    ]);
  });

  it('lists the signatures that are or were lessons, colons in them included, and no other', () => {
    const hash = {
      ref: String(now),
      t: '4',
      'sj:rule:total:sum': '2',
      'se:rule:total:sum': '1',
      'ae:rule:total:sum': '2',
      'ae:never:shown': '3',
      'b:restored': '1',
    };
    expect(
      lessonEffectsOf(hash, decay).map((effect) => [effect.signature, effect.state, effect.counts]),
    ).toEqual([
      ['restored', 'active', { shownJobs: 0, shownErrors: 0, notShownJobs: 3, notShownErrors: 0 }],
      ['rule:total:sum', 'active', { shownJobs: 2, shownErrors: 1, notShownJobs: 2, notShownErrors: 1 }],
    ]);
  });
});
