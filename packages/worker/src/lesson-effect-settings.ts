import { type LessonEffectPolicy, lessonEffectDefaults } from '@quarry/core';
import { integerVar } from '@quarry/env';
import { z } from 'zod';

const MARGIN_FORM = 'a number from 0 to 0.9';

/** The lesson retirement's environment variables (defaults: `lessonEffectDefaults` of `@quarry/core`), merged into the worker's schema. */
export const lessonEffectEnv = {
  LESSON_MIN_SHOWN_JOBS: integerVar(1, 1_000_000).default(lessonEffectDefaults.minShownJobs).meta({
    description:
      "Jobs shown a lesson (decayed like the history) before it is judged: a lesson whose error is not rarer on those jobs' first attempts than on jobs not shown it is retired.",
  }),
  LESSON_MIN_NOT_SHOWN_JOBS: integerVar(1, 1_000_000).default(lessonEffectDefaults.minNotShownJobs).meta({
    description:
      'Jobs not shown a lesson needed to judge it, and, once it is retired, jobs since before it may come back.',
  }),
  LESSON_RETIRE_MARGIN: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, { error: MARGIN_FORM })
    .transform(Number)
    .pipe(z.number().min(0, { error: MARGIN_FORM }).max(0.9, { error: MARGIN_FORM }))
    .default(lessonEffectDefaults.margin)
    .meta({
      type: MARGIN_FORM,
      description:
        "Relative margin (0 to 0.9): a lesson stays while its error's rate on jobs shown it is below (1 − margin) × the rate on jobs not shown it; a retired one comes back once that rate rises above (1 + margin) × the rate it was retired on.",
    }),
};

type LessonEffectEnv = { [K in keyof typeof lessonEffectEnv]: z.output<(typeof lessonEffectEnv)[K]> };

/** The lesson retirement policy from the parsed variables. */
export function lessonEffectSettings(env: LessonEffectEnv): LessonEffectPolicy {
  return {
    minShownJobs: env.LESSON_MIN_SHOWN_JOBS,
    minNotShownJobs: env.LESSON_MIN_NOT_SHOWN_JOBS,
    margin: env.LESSON_RETIRE_MARGIN,
  };
}
