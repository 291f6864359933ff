import type { AttemptRecord } from '../attempts/attempt-record';
import { type LadderStep, ladderStep } from '../ladder/ladder-step';
import type { ExtractSettings } from './extract-defaults';

/**
 * The ladder's decision for a job's next call, from its attempts so far: the last one as judged
 * (`failed`, which may carry new issues when a stored reply was checked again on resume).
 */
export function nextRung(options: {
  readonly settings: Pick<ExtractSettings, 'ladder' | 'attemptsPerModel' | 'stopOnNoProgress'>;
  readonly records: readonly AttemptRecord[];
  readonly failed: AttemptRecord | null;
}): LadderStep {
  const { settings, records, failed } = options;
  const judged = failed && records.at(-1)?.n === failed.n ? [...records.slice(0, -1), failed] : records;
  return ladderStep({
    rungs: settings.ladder,
    records: judged,
    attemptsPerModel: settings.attemptsPerModel,
    stopOnNoProgress: settings.stopOnNoProgress,
  });
}
