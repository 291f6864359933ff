import type { LessonEffect } from '@quarry/core';
import { textTable } from '@quarry/env';
import { workflowLabel } from '@quarry/triage';
import { cliTime } from '../cli-time';

/** One lesson of a workflow version as `workflows stats --json` prints it: rates null without jobs. */
export interface LessonEffectView {
  readonly signature: string;
  readonly state: LessonEffect['state'];
  /** Decayed like the history (recent jobs count most), to two decimals. */
  readonly shownJobs: number;
  readonly shownErrorRate: number | null;
  readonly notShownJobs: number;
  readonly notShownErrorRate: number | null;
  /** When and on which rates it was retired; null while active. */
  readonly retired: { readonly at: string; readonly shownRate: number; readonly notShownRate: number } | null;
}

const twoDecimals = (value: number): number => Math.round(value * 100) / 100;
const rate = (errors: number, jobs: number): number | null => (jobs > 0 ? Math.min(1, errors / jobs) : null);
const share = (value: number | null): string => (value === null ? '-' : `${(value * 100).toFixed(1)} %`);

/** The view of one stored lesson effect. */
export function lessonEffectView(effect: LessonEffect): LessonEffectView {
  const { counts, retired } = effect;
  return {
    signature: effect.signature,
    state: effect.state,
    shownJobs: twoDecimals(counts.shownJobs),
    shownErrorRate: rate(counts.shownErrors, counts.shownJobs),
    notShownJobs: twoDecimals(counts.notShownJobs),
    notShownErrorRate: rate(counts.notShownErrors, counts.notShownJobs),
    retired: retired && {
      at: cliTime(retired.at),
      shownRate: retired.shownRate,
      notShownRate: retired.notShownRate,
    },
  };
}

/**
 * The lessons of each workflow version, one row each: the error's rate on first attempts of jobs
 * shown the lesson and of jobs not shown it (since its last retirement), with how many jobs (whole),
 * and its state; a retired one says when and on which two rates. Empty string when there are none.
 */
export function renderLessonEffects(
  versions: readonly {
    readonly workflow: string;
    readonly version: number;
    readonly lessons: readonly LessonEffectView[];
  }[],
): string {
  const rows = versions.flatMap(({ workflow, version, lessons }) =>
    lessons.map((lesson) => [
      workflowLabel(workflow, version),
      lesson.signature,
      lesson.retired
        ? `retired ${lesson.retired.at} at ${share(lesson.retired.shownRate)} vs ${share(lesson.retired.notShownRate)}`
        : 'active',
      `${share(lesson.shownErrorRate)} of ${Math.round(lesson.shownJobs)}`,
      `${share(lesson.notShownErrorRate)} of ${Math.round(lesson.notShownJobs)}`,
    ]),
  );
  if (rows.length === 0) return '';
  return `${textTable({ head: ['WORKFLOW', 'LESSON', 'STATE', 'SHOWN', 'NOT SHOWN'], rows, maxWidth: 80 })}\n`;
}
