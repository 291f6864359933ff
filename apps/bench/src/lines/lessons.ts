import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import type { BenchContext } from '../bench-context';
import { fillWithClient } from '../bench-jobs';
import { type LineResult, verdict } from '../bench-line';
import { startSimulatedStandin } from '../processes/simulated-standin';
import { quarryClientFor } from '../quarry-client-for';
import { settle } from '../settle';
import { round } from '../stats';

/** Workflow-level tendencies the simulated model keeps unless the request names them. */
const persistentMistakes = [
  { workflow: 'invoice', path: 'issueDate', mutation: 'dateFormat' },
  { workflow: 'support-ticket', path: 'priority', mutation: 'badEnum' },
] as const;

interface LessonsRun {
  readonly jobs: number;
  readonly firstAttemptValid: number;
  readonly meanAttempts: number;
  readonly completed: number;
  readonly deadLettered: number;
  readonly seconds: number;
}

async function run(context: BenchContext, history: boolean): Promise<LessonsRun> {
  const { jobs, concurrency } = context.sizes.lessons;
  const redis = await spawnRedis();
  const standin = await startSimulatedStandin({
    corpus: context.corpus,
    persistentMistakes: [...persistentMistakes],
  });
  const prefix = uniquePrefix(`bench-lessons-${history ? 'on' : 'off'}`);
  const client = quarryClientFor(redis.url, prefix);
  try {
    const outcomes = await settle({
      redisUrl: redis.url,
      prefix,
      jobs,
      fill: () =>
        fillWithClient({ client, corpus: context.corpus, run: 'lessons', count: jobs }).then(() => undefined),
      workers: [
        {
          kind: 'quarry',
          model: 'sdk',
          redisUrl: redis.url,
          prefix,
          concurrency,
          env: {
            ANTHROPIC_BASE_URL: standin.url,
            HISTORY_ENABLED: String(history),
            KEEP_COMPLETED_COUNT: '1000000',
          },
        },
      ],
    });
    const attempts =
      outcomes.completed.reduce((sum, job) => sum + job.result.attempts, 0) +
      outcomes.deadLettered.reduce((sum, record) => sum + record.attempts.length, 0);
    return {
      jobs,
      firstAttemptValid: outcomes.completed.filter((job) => job.result.attempts === 1).length / jobs,
      meanAttempts: attempts / jobs,
      completed: outcomes.completed.length,
      deadLettered: outcomes.deadLettered.length,
      seconds: round(outcomes.seconds, 1),
    };
  } finally {
    await client.close();
    await standin.close();
    await redis.stop();
  }
}

/**
 * Line 6: cross-step learning. The same jobs against the stand-in's persistent-mistake model with
 * the shared error history on and off: first-attempt validity and mean attempts.
 */
export async function lessons(context: BenchContext): Promise<LineResult> {
  const { jobs, concurrency } = context.sizes.lessons;
  const on = await run(context, true);
  context.log(`line 6: lessons on, ${round(on.firstAttemptValid * 100, 1)} % valid at the first attempt`);
  const off = await run(context, false);
  context.log(`line 6: lessons off, ${round(off.firstAttemptValid * 100, 1)} % valid at the first attempt`);
  const gain = (on.firstAttemptValid - off.firstAttemptValid) * 100;
  return {
    id: 6,
    title: 'Cross-step learning',
    metric: `first-attempt validity %, ${jobs} jobs, concurrency ${concurrency}`,
    quarry: round(on.firstAttemptValid * 100, 1),
    baseline: round(off.firstAttemptValid * 100, 1),
    comparison: round(gain, 1),
    comparisonLabel: 'on − off, pp',
    target: '≥ +30 pp',
    status: verdict(gain, (value) => value >= 30),
    details: { jobs, concurrency, persistentMistakes, lessonsOn: on, lessonsOff: off },
    notes: [
      `mean attempts: ${round(on.meanAttempts, 2)} with lessons, ${round(off.meanAttempts, 2)} without; persistent mistakes: ${persistentMistakes.map((m) => `${m.workflow} ${m.path} (${m.mutation})`).join(', ')}`,
    ],
  };
}
