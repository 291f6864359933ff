import type { EnqueuedJob } from '@quarry/client';
import type { Lesson } from '@quarry/core';
import { quarryKeys, queueDefaults, type RedisClient, RedisHistoryStore } from '@quarry/queue';

/** The lessons read per workflow for the summary. */
const LESSONS_PER_WORKFLOW = 3;

/** A lesson the summary shows, with the workflow version it was learned at. */
type DemoLesson = Lesson & { readonly workflow: string; readonly version: number };

/** The top lessons of each workflow at the version its jobs ran at (the latest, as enqueued). */
export async function readDemoLessons(options: {
  readonly connection: RedisClient;
  readonly prefix: string;
  readonly jobs: readonly EnqueuedJob[];
}): Promise<DemoLesson[]> {
  const history = new RedisHistoryStore({
    redis: options.connection,
    keys: quarryKeys({ prefix: options.prefix }),
    maxSignatures: queueDefaults.history.maxSignatures,
    halfLifeMs: queueDefaults.history.halfLifeMs,
  });
  const versions = [...new Map(options.jobs.map((job) => [job.workflow, job.version]))];
  const lessons = await Promise.all(
    versions.map(async ([workflow, version]) =>
      (await history.topLessons({ workflow, version }, LESSONS_PER_WORKFLOW)).map((lesson) => ({
        ...lesson,
        workflow,
        version,
      })),
    ),
  );
  return lessons.flat();
}
