import type { AttemptRecord } from '../attempts/attempt-record';
import type { ExhaustedKind } from '../errors/extraction-exhausted-error';
import type { Grounder } from '../grounding/grounder';
import type { ClimbReason } from '../ladder/climb-reason';
import type { ModelRequest } from '../model/model-request';
import type { Effort } from '../models/model-spec';
import type { AnyWorkflow } from '../workflow/define-workflow';
import { budgetOverrun } from './budget-overrun';
import type { ExtractSettings } from './extract-defaults';
import type { ExtractOptions } from './extract-options';
import { nextRequest } from './next-request';
import { nextRung } from './next-rung';

/** The next model call of a run: the request and the effort it asks for. */
export interface NextCall {
  readonly request: ModelRequest;
  readonly effort: Effort | null;
}

/** What a run does next: make a call on a rung of the model ladder (climbed for `climb`, or not), or end. */
export type NextCallPlan =
  | {
      readonly action: 'call';
      readonly call: NextCall;
      readonly rung: number;
      readonly climb: ClimbReason | null;
    }
  | { readonly action: 'exhausted'; readonly kind: ExhaustedKind; readonly message: string };

/** Options of {@link planNextCall}: the run's options and where it stands. */
export interface PlanNextCallOptions {
  readonly options: Pick<
    ExtractOptions<AnyWorkflow>,
    'workflow' | 'input' | 'lessons' | 'cacheHistory' | 'cachePlacement' | 'document'
  >;
  readonly settings: ExtractSettings;
  /** Every attempt so far, stored ones included. */
  readonly records: readonly AttemptRecord[];
  /** The attempt whose issues the next call reports; null before the first failure. */
  readonly failed: AttemptRecord | null;
  /** Attempts made so far (stored ones included). */
  readonly used: number;
  readonly maxTokens: number;
  readonly grounder: Grounder | null;
}

/**
 * The next call on the ladder, or why the run ends: out of attempts (`validation_exhausted`), no
 * progress (`no_progress`), or over the budget (`budget_exhausted`).
 */
export function planNextCall(plan: PlanNextCallOptions): NextCallPlan {
  const { options, settings, records, failed, used } = plan;
  if (used >= settings.maxAttempts) {
    const plural = used === 1 ? '' : 's';
    return {
      action: 'exhausted',
      kind: 'validation_exhausted',
      message: `No valid reply after ${used} attempt${plural} (maxAttempts ${settings.maxAttempts})`,
    };
  }
  const step = nextRung({ settings, records, failed });
  if (step.action === 'stop') {
    return {
      action: 'exhausted',
      kind: 'no_progress',
      message: `Attempts ${records.at(-2)?.n} and ${records.at(-1)?.n} gave the same output with the same issues; stopping early`,
    };
  }
  const { workflow, input } = options;
  const call = nextRequest({
    workflow,
    input,
    settings,
    rung: settings.ladder[step.rung] ?? settings.ladder[0],
    maxTokens: plan.maxTokens,
    lessons: options.lessons ?? [],
    failed,
    records,
    grounder: plan.grounder,
    cache: { history: options.cacheHistory ?? null, policy: options.cachePlacement ?? 'by_cost' },
    ...(options.document ? { document: options.document } : {}),
  });
  const overrun = budgetOverrun({
    budget: settings.budget,
    records,
    request: call.request,
    models: settings.models,
  });
  if (overrun !== null) return { action: 'exhausted', kind: 'budget_exhausted', message: overrun };
  const climb = step.action === 'climb' ? step.reason : null;
  return { action: 'call', call, rung: step.rung, climb };
}
